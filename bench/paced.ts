// An open-loop load at a steady rate: request i is due at start + i/rate and its latency is
// counted from that moment (so queueing behind a slow answer counts). autocannon's overallRate
// instead lets each connection send its quota for the second as fast as it can and then wait,
// so "half of peak" arrives as bursts at full speed; both are reported.
import http from "node:http";
import type { LoadResult } from "./load";

export async function paced(opts: {
  url: string;
  paths: string[];
  headers: Record<string, string>;
  rate: number;
  durationS: number;
  connections: number;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const base = new URL(opts.url);
  const total = Math.floor(opts.rate * opts.durationS);
  const times = new Float64Array(total);
  let done = 0;
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  const start = performance.now();
  await new Promise<void>((resolve) => {
    let sent = 0;
    const finish = () => ++done === total && resolve();
    const send = (i: number, due: number) => {
      const req = http.request(
        {
          host: base.hostname,
          port: base.port,
          path: opts.paths[i % opts.paths.length],
          headers: opts.headers,
          agent,
        },
        (res) => {
          res.resume();
          res.on("end", () => {
            if (res.statusCode! >= 200 && res.statusCode! < 300) times[ok++] = performance.now() - due;
            else non2xx++;
            finish();
          });
        },
      );
      req.on("error", () => {
        errors++;
        finish();
      });
      req.end();
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + (sent * 1000) / opts.rate <= now)
        send(sent, start + (sent++ * 1000) / opts.rate);
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
  agent.destroy();
  const sorted = times.subarray(0, ok).sort();
  const at = (p: number) => (ok ? sorted[Math.min(ok - 1, Math.floor((p / 100) * ok))] : NaN);
  let sum = 0;
  for (const t of sorted) sum += t;
  return {
    rps: ok / ((performance.now() - start) / 1000),
    p50: at(50),
    p99: at(99),
    mean: ok ? sum / ok : NaN,
    requests: total,
    non2xx,
    errors,
  };
}
