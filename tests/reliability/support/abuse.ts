import { spawn, type ChildProcess } from "node:child_process";
import Database from "better-sqlite3";
import fs from "node:fs";
import http from "node:http";
import { ROOT } from "../../support/app";

/** Resident memory of a process in MB (the app runs in the process startApp spawned). */
export function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  return Math.round(kb / 1024);
}

export interface Timed {
  status: number;
  ms: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** One request on a fresh connection, optionally from another loopback address; status 0 = no answer. */
export function timedRequest(
  port: number,
  path: string,
  opts: { headers?: Record<string, string>; localAddress?: string; timeoutMs?: number } = {},
): Promise<Timed> {
  return new Promise((resolve) => {
    const started = performance.now();
    const done = (status: number, body = "", headers: http.IncomingHttpHeaders = {}) =>
      resolve({ status, ms: Math.round(performance.now() - started), body, headers });
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        headers: opts.headers,
        localAddress: opts.localAddress,
        agent: false,
        timeout: opts.timeoutMs ?? 5000,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (body += d));
        res.on("end", () => done(res.statusCode ?? 0, body, res.headers));
        res.on("error", () => done(res.statusCode ?? 0, body, res.headers));
      },
    );
    req.on("timeout", () => req.destroy());
    req.on("error", () => done(0));
    req.end();
  });
}

/**
 * POSTs `totalBytes` (declared in Content-Length, or chunked) in 1 MB writes, stopping as soon as
 * the server answers or closes. Returns the status (0 = no answer) and the bytes written.
 */
export function bigPost(
  port: number,
  path: string,
  totalBytes: number,
  chunked: boolean,
): Promise<{ status: number; sentMb: number; ms: number; error?: string }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    let sent = 0;
    let status = 0;
    let finished = false;
    let error: string | undefined;
    const finish = () => {
      if (finished) return;
      finished = true;
      const ms = Math.round(performance.now() - started);
      resolve({ status, sentMb: Math.round(sent / 1024 / 1024), ms, ...(error ? { error } : {}) });
    };
    const headers: Record<string, string> = {
      "Content-Type": "application/json",
      Origin: `http://127.0.0.1:${port}`,
      "Sec-Fetch-Site": "same-origin",
    };
    if (!chunked) headers["Content-Length"] = String(totalBytes);
    const req = http.request({ host: "127.0.0.1", port, path, method: "POST", headers, agent: false });
    req.on("response", (res) => {
      status = res.statusCode ?? 0;
      res.resume();
      res.on("end", finish);
      res.on("close", finish);
      req.destroy();
    });
    req.on("error", (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
      finish();
    });
    req.on("close", finish);
    const pump = () => {
      while (!finished && status === 0 && sent < totalBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!finished && status === 0) req.end();
    };
    pump();
  });
}

/** A child process (tsx) from tests/reliability/support; resolves with it once it printed a line. */
export function startHelper(
  script: string,
  env: Record<string, string>,
): Promise<{ proc: ChildProcess; firstLine: string }> {
  const proc = spawn(process.execPath, ["--import", "tsx", `tests/reliability/support/${script}`], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    proc.stdout!.on("data", (d) => {
      out += d;
      const nl = out.indexOf("\n");
      if (nl !== -1) resolve({ proc, firstLine: out.slice(0, nl) });
    });
    proc.on("exit", (code) => reject(new Error(`${script} exited ${code}: ${out}`)));
  });
}

export function stopHelper(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null) return resolve();
    proc.removeAllListeners("exit");
    proc.once("exit", () => resolve());
    proc.kill("SIGKILL");
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** GETs pathOf(0 … count-1), `concurrency` at a time; status counts, bytes received and seconds taken. */
export async function flood(
  port: number,
  count: number,
  concurrency: number,
  pathOf: (i: number) => string,
  headers: Record<string, string>,
): Promise<{ statuses: Record<number, number>; bytes: number; seconds: number }> {
  const statuses: Record<number, number> = {};
  let bytes = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      const r = await timedRequest(port, pathOf(next++), { headers, timeoutMs: 30_000 });
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      bytes += Buffer.byteLength(r.body);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { statuses, bytes, seconds: (performance.now() - started) / 1000 };
}

/**
 * Gives one contest `copies` more days of its odds book (the test seed holds 140 points per
 * contest), so a 1,000-row page is about the size the attack report used (143 KB there, 189 KB here).
 */
export function thickenOdds(dbFile: string, contestId: number, copies: number): void {
  const db = new Database(dbFile);
  const copy = db.prepare(
    `INSERT INTO odds_points (contestId, personId, bookmaker, market, selection, line, price, observedAt, isClosing)
     SELECT contestId, personId, bookmaker, market, selection, line, price,
            strftime('%Y-%m-%dT%H:%M:%f+00:00', observedAt, ?), 0
     FROM odds_points WHERE contestId = ? AND id <= ?`,
  );
  const { last } = db.prepare("SELECT max(id) AS last FROM odds_points").get() as { last: number };
  for (let k = 1; k <= copies; k++) copy.run(`-${k * 7} days`, contestId, last);
  db.close();
}
