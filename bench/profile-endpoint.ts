// Profiles one /v1 path uncached (or from cache with --hit): starts the app with the sampling
// profiler preloaded, drives the path with wrk (autocannon when wrk is missing) for a few seconds,
// and prints the self time per function and per file.
// Usage: tsx bench/profile-endpoint.ts <path> [seconds] [--hit] (scale-1 bench db).
import os from "node:os";
import path from "node:path";
import { benchKey, ensureBenchDb } from "./datasets";
import { log } from "./measure";
import { wrkPeak } from "./native";
import { summarizeProfile } from "./profile";
import { profileWritten, startBenchApp, toggleProfiler } from "./servers";

async function main() {
  const hit = process.argv.includes("--hit");
  const [target, seconds = "6"] = process.argv.slice(2).filter((a) => a !== "--hit");
  if (!target?.startsWith("/v1/")) throw new Error("usage: tsx bench/profile-endpoint.ts /v1/... [seconds]");
  const db = ensureBenchDb(1, 100_000, log);
  const { key } = benchKey(db, log);
  const out = path.join(os.tmpdir(), `statline-endpoint-${process.pid}.cpuprofile`);
  const app = await startBenchApp({ url: db.url, cache: hit, profileOut: out });
  try {
    const load = { baseUrl: app.baseUrl, paths: [target], headers: { "x-api-key": key }, connections: 20 };
    await wrkPeak({ ...load, durationS: 2 });
    toggleProfiler(app);
    const r = await wrkPeak({ ...load, durationS: Number(seconds) });
    toggleProfiler(app);
    await profileWritten(out);
    console.log(
      `${target}${hit ? " (cache hit)" : ""}: ${Math.round(r.rps)} req/s, ${r.non2xx} non-2xx (load average ${os.loadavg()[0].toFixed(2)})`,
    );
  } finally {
    await app.stop();
  }
  const s = summarizeProfile(out, 30);
  console.log(`profile ${out}: ${s.totalMs.toFixed(0)} ms, idle ${s.idlePct.toFixed(1)}%`);
  for (const f of s.functions) console.log(`${f.selfPct.toFixed(1).padStart(5)}%  ${f.name}`);
  console.log("-- by file");
  for (const f of s.files) console.log(`${f.selfPct.toFixed(1).padStart(5)}%  ${f.file}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
