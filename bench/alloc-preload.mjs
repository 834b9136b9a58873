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
      if (err) return fs.writeFileSync(out, JSON.stringify({ bytes: null, top: [] }));
      // Bytes by allocating function (self), the largest first.
      const sites = new Map();
      const visit = (node) => {
        const f = node.callFrame;
        const site = `${f.functionName || "(anonymous)"} ${f.url.replace(/^.*\/(node_modules\/|lib\/|node:)/, "$1")}:${f.lineNumber + 1}`;
        sites.set(site, (sites.get(site) ?? 0) + node.selfSize);
        node.children.forEach(visit);
      };
      visit(res.profile.head);
      const top = [...sites].sort((a, b) => b[1] - a[1]).slice(0, 12);
      fs.writeFileSync(out, JSON.stringify({ bytes: sum(res.profile.head), top }));
    });
  });
}
