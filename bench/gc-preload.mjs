// Loaded into every server the bench starts (--import, with BENCH_GC_DIR set): counts V8's garbage
// collections (perf_hooks "gc" entries: the pause each one made) and, on SIGWINCH, writes the
// running totals to BENCH_GC_DIR/gc-<pid>.json, so the bench reads them before and after a run.
import fs from "node:fs";
import path from "node:path";
import { PerformanceObserver } from "node:perf_hooks";

const dir = process.env.BENCH_GC_DIR;
if (dir) {
  const totals = { seq: 0, count: 0, ms: 0, maxMs: 0, minor: 0, major: 0 };
  // kind 1 = scavenge (minor); 2 = mark-sweep-compact; 4 = incremental marking; 8 = weak callbacks.
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      totals.count++;
      totals.ms += e.duration;
      if (e.duration > totals.maxMs) totals.maxMs = e.duration;
      if (e.detail?.kind === 1) totals.minor++;
      else if (e.detail?.kind === 2) totals.major++;
    }
  }).observe({ entryTypes: ["gc"] });
  process.on("SIGWINCH", () => {
    totals.seq++;
    const file = path.join(dir, `gc-${process.pid}.json`);
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(totals));
    fs.renameSync(`${file}.tmp`, file);
    // The maximum is per interval: the next read starts a new one.
    totals.maxMs = 0;
  });
}
