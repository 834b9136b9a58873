import os from "node:os";
import type { BenchDb } from "./datasets";
import { load, type LoadResult } from "./load";
import { config, log, notes } from "./measure";
import { cpuSeconds, startBenchApp } from "./servers";

// Cache hits must be no slower with compression negotiated. The same cached page
// (/v1/persons?limit=200, about 34 KB as JSON) is loaded with and without Accept-Encoding, in
// alternating rounds on one server, best round of each kept.

const PATH = "/v1/persons?limit=200";
const VARIANTS: { name: string; encoding?: string }[] = [
  { name: "identity" },
  { name: "gzip", encoding: "gzip" },
  { name: "br", encoding: "gzip, deflate, br" },
];

export async function encodingRuns(db: BenchDb, key: string): Promise<void> {
  const app = await startBenchApp({ url: db.url, cache: true });
  try {
    const best = new Map<string, LoadResult>();
    for (let round = 0; round < config.rounds; round++) {
      for (const v of VARIANTS) {
        const headers: Record<string, string> = { "x-api-key": key };
        if (v.encoding) headers["accept-encoding"] = v.encoding;
        const spec = { url: app.baseUrl + PATH, headers, connections: config.connections };
        if (config.warmupS > 0) await load({ ...spec, durationS: config.warmupS });
        const before = cpuSeconds(app.proc.pid);
        const r = await load({ ...spec, durationS: config.durationS });
        const after = cpuSeconds(app.proc.pid);
        if (before !== null && after !== null && r.requests > 0)
          r.cpuUsPerRequest = ((after - before) * 1e6) / r.requests;
        log(
          `cache hit ${PATH} ${v.name.padEnd(8)} round ${round + 1}: ${Math.round(r.rps)} req/s  p50 ${r.p50.toFixed(2)} ms` +
            `  p99 ${r.p99.toFixed(2)} ms` +
            (r.cpuUsPerRequest ? `  server CPU ${r.cpuUsPerRequest.toFixed(1)} µs/req` : "") +
            (r.bytes ? `  ${Math.round(r.bytes / Math.max(1, r.requests))} B/response` : "") +
            (r.non2xx || r.errors ? `  (${r.non2xx} non-2xx, ${r.errors} errors)` : ""),
        );
        if (!best.get(v.name) || r.rps > best.get(v.name)!.rps) best.set(v.name, r);
      }
    }
    const parts = VARIANTS.map((v) => {
      const r = best.get(v.name)!;
      const bytes = r.bytes ? `, ${Math.round(r.bytes / Math.max(1, r.requests))} B/response` : "";
      return `${v.name} ${Math.round(r.rps)} req/s (p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms${bytes})`;
    });
    const line = `cache hits with and without compression, ${PATH}: ${parts.join("; ")}; load average ${os.loadavg()[0].toFixed(1)}`;
    log(line);
    notes.push(line);
  } finally {
    await app.stop();
  }
}
