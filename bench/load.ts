// One autocannon run with exact latencies: autocannon's own histogram keeps whole milliseconds,
// too coarse for sub-millisecond p50s, so every 2xx response time is collected at full precision.
import autocannon, { type RequestSpec } from "autocannon";

export interface LoadSpec {
  url: string;
  headers: Record<string, string>;
  /** Cycled per connection; each may rewrite its path (setupRequest) to vary the query. */
  requests?: RequestSpec[];
  connections: number;
  durationS: number;
  /** Requests per second over all connections; unset = as fast as the server answers. */
  overallRate?: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  mean: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** CPU time of the server process per request, when measured (bench/measure.ts). */
  cpuUsPerRequest?: number;
  /** Resident set size of the server process after the run, MB. */
  rssMb?: number;
  /** Response bytes received (headers and bodies), when autocannon measured them. */
  bytes?: number;
  /** The server's GC pauses during the run (bench/gc-preload.mjs), when measured. */
  gc?: GcRate;
}

/** Garbage collections of the server under load: pauses and paused ms per second, the longest pause. */
export interface GcRate {
  pausesPerS: number;
  msPerS: number;
  maxMs: number;
  /** Mark-compacts per second (the long pauses); the rest are mostly scavenges. */
  majorPerS: number;
}

class Samples {
  times = new Float64Array(1 << 14);
  n = 0;
  add(ms: number) {
    if (this.n === this.times.length) {
      const grown = new Float64Array(this.times.length * 2);
      grown.set(this.times);
      this.times = grown;
    }
    this.times[this.n++] = ms;
  }
  summary(seconds: number, requests: number, non2xx: number, errors: number): LoadResult {
    const sorted = this.times.subarray(0, this.n).sort();
    const at = (p: number) => (this.n ? sorted[Math.min(this.n - 1, Math.floor((p / 100) * this.n))] : NaN);
    let sum = 0;
    for (const t of sorted) sum += t;
    return {
      rps: this.n / seconds,
      p50: at(50),
      p99: at(99),
      mean: this.n ? sum / this.n : NaN,
      requests,
      non2xx,
      errors,
    };
  }
}

/**
 * Runs the load. With `slots` > 1 (one connection only), response k belongs to request k % slots
 * of `requests`, so alternating requests are measured in the same time window and machine noise
 * hits them alike.
 */
export async function loadSlots(spec: LoadSpec, slots: number): Promise<LoadResult[]> {
  if (slots > 1 && spec.connections !== 1) throw new Error("slots need exactly one connection");
  const samples = Array.from({ length: slots }, () => new Samples());
  const non2xx = new Array<number>(slots).fill(0);
  let k = 0;
  const instance = autocannon({
    url: spec.url,
    headers: spec.headers,
    requests: spec.requests,
    connections: spec.connections,
    duration: spec.durationS,
    overallRate: spec.overallRate,
    timeout: 10,
  });
  instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => {
    const slot = k++ % slots;
    if (status >= 200 && status < 300) samples[slot].add(ms);
    else non2xx[slot]++;
  });
  const result = await instance;
  const errors = result.errors + result.timeouts;
  return samples.map((s, i) => ({
    ...s.summary(result.duration, s.n + non2xx[i], non2xx[i], errors),
    bytes: (result.throughput as unknown as { total: number }).total / slots,
  }));
}

export async function load(spec: LoadSpec): Promise<LoadResult> {
  return (await loadSlots(spec, 1))[0];
}

/** A short unmeasured run so JIT, caches and connections are warm before measuring. */
export async function warmUp(spec: LoadSpec, seconds: number): Promise<void> {
  if (seconds > 0) await load({ ...spec, durationS: seconds, overallRate: undefined });
}
