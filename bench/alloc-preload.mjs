// Loaded into the server under test with --import when BENCH_ALLOC_OUT is set: SIGUSR2 starts V8's
// sampling heap profiler counting every allocation (also objects the scavenger or mark-compact
// already freed), the next SIGUSR2 writes the bytes allocated in between to BENCH_ALLOC_OUT.
import fs from "node:fs";
import { Session } from "node:inspector";

const out = process.env.BENCH_ALLOC_OUT;
if (out) {
  const session = new Session();
  session.connect();
  let running = false;
  const sum = (node) => node.selfSize + node.children.reduce((n, c) => n + sum(c), 0);
  process.on("SIGUSR2", () => {
    if (!running) {
      running = true;
      session.post("HeapProfiler.enable", () =>
        session.post("HeapProfiler.startSampling", {
          samplingInterval: 256,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        }),
      );
      return;
    }
    running = false;
    session.post("HeapProfiler.stopSampling", (err, res) => {
      fs.writeFileSync(out, JSON.stringify({ bytes: err ? null : sum(res.profile.head) }));
    });
  });
}
