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
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function load(spec: LoadSpec): Promise<LoadResult> {
  let times = new Float64Array(1 << 16);
  let n = 0;
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
    if (status < 200 || status >= 300) return;
    if (n === times.length) {
      const grown = new Float64Array(times.length * 2);
      grown.set(times);
      times = grown;
    }
    times[n++] = ms;
  });
  const result = await instance;
  const sorted = times.subarray(0, n).sort();
  let sum = 0;
  for (const t of sorted) sum += t;
  return {
    rps: result["2xx"] / result.duration,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    mean: n ? sum / n : NaN,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** A short unmeasured run so JIT, caches and connections are warm before measuring. */
export async function warmUp(spec: LoadSpec, seconds: number): Promise<void> {
  if (seconds > 0) await load({ ...spec, durationS: seconds, overallRate: undefined });
}
