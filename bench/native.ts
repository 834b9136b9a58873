// The parties of a measurement kept apart: the server under test pinned to one core, the load
// generator to the other (taskset), and generators that cost little CPU: wrk (Debian's package,
// installed when missing) for peak throughput and bench/native/oload.c (compiled here) for latency
// at a constant arrival rate, coordinated-omission corrected. Without them the bench falls back
// to autocannon and says so.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LoadResult } from "./load";

const RESULTS = path.join(__dirname, "results");
const OLOAD_SRC = path.join(__dirname, "native", "oload.c");
const OLOAD = path.join(RESULTS, "oload");

const has = (cmd: string) => spawnSync("sh", ["-c", `command -v ${cmd}`]).status === 0;

/** Core assignment: server on core 0, generator on core 1 (null when the host has one core or no taskset). */
export const cores: { server: string; load: string } | null =
  os.cpus().length >= 2 && has("taskset") ? { server: "0", load: "1" } : null;

/** Pins every thread of a running process (and the threads it starts later) to the server core. */
export function pinServer(pid: number | undefined): void {
  if (!cores || !pid) return;
  spawnSync("taskset", ["-a", "-p", "-c", cores.server, String(pid)], { stdio: "ignore" });
}

const pinned = (cmd: string, args: string[]): [string, string[]] =>
  cores ? ["taskset", ["-c", cores.load, cmd, ...args]] : [cmd, args];

let wrkState: boolean | undefined;
/** wrk on PATH, installing Debian's package once when missing and allowed (root). */
export function wrkAvailable(warn: (msg: string) => void): boolean {
  if (wrkState !== undefined) return wrkState;
  if (!has("wrk") && process.getuid?.() === 0 && has("apt-get")) {
    spawnSync("apt-get", ["install", "-y", "-qq", "wrk"], {
      stdio: "ignore",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  }
  wrkState = has("wrk");
  if (!wrkState)
    warn(
      "wrk is not installed and could not be: peak throughput falls back to autocannon (in Node, sharing the cores)",
    );
  return wrkState;
}

/** The open-loop generator, compiled from bench/native/oload.c when missing or older than its source. */
export function oloadAvailable(warn: (msg: string) => void): boolean {
  try {
    const fresh = fs.existsSync(OLOAD) && fs.statSync(OLOAD).mtimeMs >= fs.statSync(OLOAD_SRC).mtimeMs;
    if (!fresh) {
      fs.mkdirSync(RESULTS, { recursive: true });
      execFileSync("cc", ["-O2", "-o", OLOAD, OLOAD_SRC], { stdio: "ignore" });
    }
    return true;
  } catch {
    warn(
      "no C compiler for bench/native/oload.c: latency at half peak falls back to autocannon's overallRate",
    );
    return false;
  }
}

function run(cmd: string, args: string[]): Promise<string> {
  const [c, a] = pinned(cmd, args);
  return new Promise((resolve, reject) => {
    const p = spawn(c, a, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    p.stdout.on("data", (d: Buffer) => (out += d));
    p.stderr.on("data", (d: Buffer) => (err += d));
    p.on("exit", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${cmd} exited ${code}: ${err.trim()}`)),
    );
  });
}

const headerArgs = (headers: Record<string, string>) => Object.entries(headers).map(([k, v]) => `${k}: ${v}`);

/** A Lua script cycling wrk's requests through several paths. */
function wrkScript(paths: string[]): string {
  const file = path.join(RESULTS, `wrk-${process.pid}-${paths.length}.lua`);
  fs.mkdirSync(RESULTS, { recursive: true });
  const list = paths.map((p) => JSON.stringify(p)).join(",");
  fs.writeFileSync(
    file,
    `local paths = {${list}}\nlocal i = 0\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format(nil, paths[i])\nend\n`,
  );
  return file;
}

const MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };
const msOf = (text: string | undefined): number => {
  const m = /([\d.]+)(us|ms|s)/.exec(text ?? "");
  return m ? Number(m[1]) * MS[m[2]] : NaN;
};

/** Peak throughput with wrk (one thread, closed loop), pinned to the generator core. */
export async function wrkPeak(opts: {
  baseUrl: string;
  paths: string[];
  headers: Record<string, string>;
  connections: number;
  durationS: number;
}): Promise<LoadResult> {
  const args = [
    "-t1",
    `-c${opts.connections}`,
    `-d${opts.durationS}s`,
    "--latency",
    ...headerArgs(opts.headers).flatMap((h) => ["-H", h]),
  ];
  if (opts.paths.length > 1) args.push("-s", wrkScript(opts.paths));
  const out = await run("wrk", [...args, opts.baseUrl + opts.paths[0]]);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    // Anchored: the Thread Stats lines end in "+/- Stdev" percentages such as "93.50%", which an
    // unanchored /50%/ matched (p50 printed as NaN, p99 possibly taken from the wrong line).
    p50: msOf(/^\s*50%\s+(\S+)/m.exec(out)?.[1]),
    p99: msOf(/^\s*99%\s+(\S+)/m.exec(out)?.[1]),
    mean: msOf(/Latency\s+(\S+)/.exec(out)?.[1]),
    requests,
    non2xx,
    errors: sock ? sock.slice(1).reduce((a, b) => a + Number(b), 0) : 0,
  };
}

/** Latency at a constant arrival rate (open loop, CO-corrected), pinned to the generator core. */
export async function openLoop(opts: {
  baseUrl: string;
  path: string;
  headers: Record<string, string>;
  rate: number;
  durationS: number;
  connections: number;
}): Promise<LoadResult & { p999: number; max: number }> {
  const u = new URL(opts.baseUrl);
  const out = await run(OLOAD, [
    u.hostname,
    u.port,
    String(opts.rate),
    String(opts.durationS),
    String(opts.connections),
    opts.path,
    ...headerArgs(opts.headers),
  ]);
  const r = JSON.parse(out) as {
    requests: number;
    ok: number;
    non2xx: number;
    errors: number;
    rps: number;
    p50: number;
    p99: number;
    p999: number;
    max: number;
  };
  return {
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
    p999: r.p999,
    max: r.max,
    mean: NaN,
    requests: r.requests,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

/** What else ran while the bench measured: the load average and the busiest other processes. */
export function machineNote(): string {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
  let top: string;
  try {
    top = execFileSync("ps", ["-eo", "pcpu,comm", "--sort=-pcpu", "--no-headers"], { encoding: "utf8" })
      .split("\n")
      .slice(0, 4)
      .map((l) => l.trim())
      .filter(Boolean)
      .join("; ");
  } catch {
    top = "ps unavailable";
  }
  const pin = cores
    ? `server on core ${cores.server}, load generator on core ${cores.load}`
    : "not pinned (one core or no taskset)";
  return `${pin}; load average ${load}; busiest processes: ${top}`;
}
