import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const ROOT = path.resolve(__dirname, "..", "..");

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export interface RunningApp {
  baseUrl: string;
  port: number;
  proc: ChildProcess;
  /** Everything the server printed, for assertions about logs. */
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/**
 * Starts the built app as a real process on loopback (the lean server, or plain `next start`
 * with mode "next"). Requires a prior `next build` (npm test does it).
 */
export async function startApp(opts: {
  databaseUrl: string;
  env?: Record<string, string>;
  mode?: "lean" | "next";
  port?: number;
}): Promise<RunningApp> {
  const port = opts.port ?? (await freePort());
  let out = "";
  const proc = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: opts.databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      NEXTAUTH_URL: `http://127.0.0.1:${port}`,
      NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "test-secret-not-for-production-0123456789",
      STATLINE_SERVER: opts.mode === "next" ? "next" : "lean",
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout!.on("data", (d) => (out += d));
  proc.stderr!.on("data", (d) => (out += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  // 60 s was not enough at load average 20-25 on 2 cores (servers came up after 70-110 s);
  // APP_START_TIMEOUT_MS sets another wait.
  const startMs = Number(process.env.APP_START_TIMEOUT_MS ?? 180_000);
  const deadline = Date.now() + startMs;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`app exited early (${proc.exitCode}):\n${out}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`app did not start in ${startMs / 1000} s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  const stop = (signal: NodeJS.Signals = "SIGTERM") =>
    new Promise<number | null>((resolve) => {
      if (proc.exitCode !== null) return resolve(proc.exitCode);
      proc.once("exit", (code) => resolve(code));
      proc.kill(signal);
    });
  return { baseUrl, port, proc, output: () => out, stop };
}

/** A private copy of the seeded template database (see tests/support/template.ts). */
export function copyTemplateDb(template: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-db-"));
  const file = path.join(dir, "statline.db");
  fs.copyFileSync(template, file);
  return `file:${file}`;
}
