// The cache hit against the raw baseline in alternated rounds, with what a loaded machine disturbs
// least: instructions retired per request in the server process (perf stat, user and kernel; when
// perf is there), beside CPU µs per request and req/s. Each figure is the median of its rounds.
// Usage: tsx bench/hit-ab.ts [rounds] [seconds] (scale-1 bench db; wrk pinned like the bench).
import { spawn } from "node:child_process";
import os from "node:os";
import { benchKey, ensureBenchDb } from "./datasets";
import { log } from "./measure";
import { pinServer, wrkPeak } from "./native";
import { cpuSeconds, startBaseline, startBenchApp } from "./servers";

const PATH = "/v1/teams";

/** Instructions (user, kernel) the process retires while `during` runs; null without perf. */
async function instructions<T>(pid: number, during: () => Promise<T>): Promise<[number | null, T]> {
  const perf = spawn("perf", ["stat", "-x", ",", "-e", "instructions:u,instructions:k", "-p", String(pid)], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let err = "";
  perf.stderr.on("data", (d: Buffer) => (err += d.toString()));
  perf.on("error", () => undefined);
  await new Promise((r) => setTimeout(r, 100));
  const value = await during();
  perf.kill("SIGINT");
  await new Promise((r) => perf.once("close", r));
  const counts = [...err.matchAll(/^(\d+),,instructions:[uk]/gm)].map((m) => Number(m[1]));
  return [counts.length === 2 ? counts[0] + counts[1] : null, value];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

async function main() {
  const [rounds = 5, seconds = 5] = process.argv.slice(2).map(Number);
  const db = ensureBenchDb(1, 100_000, log);
  const { key } = benchKey(db, log);
  const app = await startBenchApp({ url: db.url, cache: true });
  const baseline = await startBaseline(app.baseUrl, PATH, key);
  const targets = [
    { name: "baseline", baseUrl: baseline.baseUrl, pid: baseline.pid },
    { name: "cache hit", baseUrl: app.baseUrl, pid: app.proc.pid! },
  ];
  const got = new Map(
    targets.map((t) => [t.name, { insn: [] as number[], cpu: [] as number[], rps: [] as number[] }]),
  );
  try {
    for (let r = 0; r < rounds; r++) {
      for (const t of targets) {
        pinServer(t.pid);
        const load = { baseUrl: t.baseUrl, paths: [PATH], headers: { "x-api-key": key }, connections: 20 };
        await wrkPeak({ ...load, durationS: 2 });
        const cpu0 = cpuSeconds(t.pid)!;
        const [insn, res] = await instructions(t.pid, () => wrkPeak({ ...load, durationS: seconds }));
        const cpu = ((cpuSeconds(t.pid)! - cpu0) * 1e6) / res.requests;
        const g = got.get(t.name)!;
        if (insn !== null) g.insn.push(insn / res.requests);
        g.cpu.push(cpu);
        g.rps.push(res.rps);
        log(
          `${t.name.padEnd(10)} round ${r + 1}: ${Math.round(res.rps)} req/s, ${cpu.toFixed(1)} µs CPU/req` +
            (insn !== null ? `, ${Math.round(insn / res.requests)} instructions/req` : "") +
            ` (non-2xx ${res.non2xx}; load average ${os.loadavg()[0].toFixed(1)})`,
        );
      }
    }
  } finally {
    await baseline.stop();
    await app.stop();
  }
  const [b, h] = [got.get("baseline")!, got.get("cache hit")!];
  const line = (name: string, g: typeof b) =>
    `${name}: ${Math.round(median(g.rps))} req/s, ${median(g.cpu).toFixed(1)} µs CPU/req` +
    (g.insn.length ? `, ${Math.round(median(g.insn))} instructions/req` : "");
  console.log(`${line("baseline", b)}\n${line("cache hit", h)}`);
  console.log(
    `cache hit vs baseline (medians of ${rounds} alternated rounds): req/s ${(median(h.rps) / median(b.rps)).toFixed(2)}x, ` +
      `by CPU ${(median(b.cpu) / median(h.cpu)).toFixed(2)}x` +
      (b.insn.length && h.insn.length
        ? `, by instructions ${(median(b.insn) / median(h.insn)).toFixed(2)}x`
        : "") +
      `; load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(" ")}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
