// The processes under test: the app (lean server or plain `next start`) via the test harness's
// startApp, and the raw node:http baseline serving a captured /v1/teams response.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, startApp, type RunningApp } from "../tests/support/app";

export const BENCH_SECRET = "bench-secret-not-for-production-0123456789";

export async function startBenchApp(opts: {
  url: string;
  mode?: "lean" | "next";
  cache?: boolean;
  profileOut?: string;
  /** Extra environment, e.g. REQUEST_LOG=off for the request log's cost (bench/logs-run.ts). */
  env?: Record<string, string>;
}): Promise<RunningApp> {
  const env: Record<string, string> = {
    NEXTAUTH_SECRET: BENCH_SECRET,
    RESPONSE_CACHE: opts.cache === false ? "off" : "on",
    LOG_LEVEL: "warn",
    BENCH_GC_DIR: GC_DIR,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${GC_PRELOAD}`.trim(),
    ...opts.env,
  };
  if (opts.profileOut) {
    env.BENCH_PROFILE_OUT = opts.profileOut;
    env.NODE_OPTIONS = `${env.NODE_OPTIONS} --import=${path.join(__dirname, "profiler-preload.mjs")}`;
  }
  return startApp({ databaseUrl: opts.url, mode: opts.mode ?? "lean", env });
}

/** Every server the bench starts counts its GC pauses (bench/gc-preload.mjs); read with gcTotals. */
const GC_PRELOAD = path.join(__dirname, "gc-preload.mjs");
const GC_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "statline-bench-gc-"));

export interface GcTotals {
  count: number;
  ms: number;
  maxMs: number;
  minor: number;
  major: number;
}

/** The GC totals of a server started by the bench so far (null: not one of them, or it is gone). */
export async function gcTotals(pid: number | undefined): Promise<GcTotals | null> {
  if (!pid) return null;
  const file = path.join(GC_DIR, `gc-${pid}.json`);
  const seq = () => {
    try {
      return (JSON.parse(fs.readFileSync(file, "utf8")) as GcTotals & { seq: number }).seq;
    } catch {
      return 0;
    }
  };
  const before = seq();
  try {
    process.kill(pid, "SIGWINCH");
  } catch {
    return null;
  }
  for (let i = 0; i < 40 && seq() === before; i++) await new Promise((r) => setTimeout(r, 25));
  return seq() === before ? null : (JSON.parse(fs.readFileSync(file, "utf8")) as GcTotals);
}

export interface Baseline {
  baseUrl: string;
  pid: number;
  stop: () => Promise<void>;
}

/**
 * CPU seconds a process has used (user + system, from /proc; Linux only, else null). Per request,
 * it is the server's own cost, which other work on the machine disturbs far less than req/s.
 */
export function cpuSeconds(pid: number | undefined): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in USER_HZ (100) ticks
  } catch {
    return null;
  }
}

/** Headers node adds itself, or that describe the connection rather than the response. */
const AUTOMATIC = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);

/** One real response: its headers (less node's automatic ones) and body. */
export async function captureResponse(
  appUrl: string,
  pathAndQuery: string,
  key: string,
): Promise<{ headers: Record<string, string>; body: Buffer }> {
  const res = await fetch(appUrl + pathAndQuery, { headers: { "x-api-key": key } });
  if (res.status !== 200) throw new Error(`capture: ${pathAndQuery} answered ${res.status}`);
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!AUTOMATIC.has(name)) headers[name] = value;
  });
  return { headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** Fetches one real response and starts a raw node:http server that answers with those bytes. */
export async function startBaseline(
  appUrl: string,
  pathAndQuery: string,
  key: string,
  env?: Record<string, string>,
): Promise<Baseline> {
  const { headers, body } = await captureResponse(appUrl, pathAndQuery, key);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "statline-bench-")), "response.json");
  fs.writeFileSync(file, JSON.stringify({ headers, bodyBase64: body.toString("base64") }));
  return startScriptServer("baseline-server.mjs", file, env);
}

/**
 * Starts one of the bench's minimal servers (`bench/<script> <file> <port>`, which prints a line
 * when it listens) on a free port: the baseline and the per-endpoint floors.
 */
export async function startScriptServer(
  script: string,
  file: string,
  env?: Record<string, string>,
): Promise<Baseline> {
  const port = await freePort();
  const args = [`--import=${GC_PRELOAD}`, path.join(__dirname, script), file, String(port)];
  const proc = spawn(process.execPath, args, {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, BENCH_GC_DIR: GC_DIR, ...env },
  });
  await new Promise<void>((resolve, reject) => {
    proc.stdout!.once("data", () => resolve());
    proc.once("exit", (code) => reject(new Error(`${script} exited (${code})`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: proc.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
      }),
  };
}

/** Starts and stops the in-process profiler of an app started with profileOut. */
export const toggleProfiler = (app: RunningApp) => app.proc.kill("SIGUSR2");

/** Waits (up to 10 s) for the profile the second toggle writes; false when it never appeared. */
export async function profileWritten(file: string): Promise<boolean> {
  for (let i = 0; i < 100 && !fs.existsSync(file); i++) await new Promise((r) => setTimeout(r, 100));
  return fs.existsSync(file);
}

/** Resident set size of a process in MB (from /proc; Linux only, else null). */
export function rssMb(pid: number | undefined): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}
