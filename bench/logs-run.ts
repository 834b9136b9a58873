import os from "node:os";
import type { BenchDb } from "./datasets";
import { log, measure, notes } from "./measure";
import { recordCpuPerRequest, requestLogDiskCost, usageReportTimings } from "./request-log";
import { startBenchApp } from "./servers";

/** The figures: the request log's cost on a cache hit, usage-report timings, disk per row. */
export async function requestLogRuns(db: BenchDb, key: string): Promise<void> {
  const on = await startBenchApp({ url: db.url, cache: true });
  const off = await startBenchApp({ url: db.url, cache: true, env: { REQUEST_LOG: "off" } });
  try {
    const s = { path: "/v1/teams" };
    const [a, b] = await measure(
      [
        { name: "cache hit, log off", baseUrl: off.baseUrl, pid: off.proc.pid, scenario: s },
        { name: "cache hit, log on", baseUrl: on.baseUrl, pid: on.proc.pid, scenario: s },
      ],
      key,
      3,
    );
    // a: log off, b: log on. Throughput and the server's CPU time per request, best round of each.
    const cost = 1 - b.peak.rps / a.peak.rps;
    const cpu =
      a.peak.cpuUsPerRequest && b.peak.cpuUsPerRequest
        ? `; server CPU ${a.peak.cpuUsPerRequest.toFixed(1)} µs/req without, ${b.peak.cpuUsPerRequest.toFixed(1)} with ` +
          `(${((b.peak.cpuUsPerRequest / a.peak.cpuUsPerRequest - 1) * 100).toFixed(1)}%)`
        : "";
    const line =
      `request log cost on a cache hit: ${Math.round(a.peak.rps)} req/s without, ${Math.round(b.peak.rps)} with ` +
      `(${(cost * 100).toFixed(1)}% fewer)${cpu}; load average ${os.loadavg()[0].toFixed(1)}`;
    log(line);
    notes.push(line);
  } finally {
    await on.stop();
    await off.stop();
  }
  const micro = await recordCpuPerRequest();
  const microLine =
    `request log CPU per request, in process: ${micro.loggedUs.toFixed(2)} µs when the row is built and buffered, ` +
    `${micro.sampledUs.toFixed(2)} µs under a flood (most only counted)`;
  log(microLine);
  notes.push(microLine);
  for (const t of await usageReportTimings(log))
    notes.push(
      `usage report ${t.backend} ${t.range} (a row every minute for 30 days): median ${t.medianMs.toFixed(1)} ms, max ${t.maxMs.toFixed(1)} ms`,
    );
  for (const d of await requestLogDiskCost(log))
    notes.push(
      `request log on ${d.backend}: ${d.bytesPerRow.toFixed(0)} bytes per row with indexes, ${d.mibPerMillion.toFixed(0)} MiB per million requests`,
    );
}
