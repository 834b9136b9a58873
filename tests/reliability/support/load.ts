/** One request of a load run, with times relative to performance.now(). */
export interface Sample {
  target: number;
  sentAt: number;
  doneAt: number;
  status: number;
  code?: string;
  retryAfter?: string | null;
  /** X-Request-Id of the answer (the request log's row id). */
  requestId?: string | null;
}

export interface LoadOptions {
  targets: string[];
  key: string;
  path: string;
  /** Concurrent loops per target. */
  concurrency: number;
  /** Stop after this many requests in total ... */
  count?: number;
  /** ... or when this returns true (checked before each request). */
  stop?: () => boolean;
  /** Called with every answered request (progress). */
  onSample?: (sample: Sample) => void;
}

/**
 * Closed-loop load over keep-alive connections: each loop sends its next request when the
 * previous one answered. Never throws for HTTP statuses; a network error is recorded as status 0.
 */
export async function runLoad(opts: LoadOptions): Promise<Sample[]> {
  const samples: Sample[] = [];
  let issued = 0;
  const more = () => (opts.count === undefined || issued < opts.count) && !(opts.stop?.() ?? false);
  const loop = async (target: number) => {
    while (more()) {
      issued++;
      const sample = await send(opts.targets[target], opts.path, opts.key, target);
      samples.push(sample);
      opts.onSample?.(sample);
    }
  };
  const loops: Promise<void>[] = [];
  for (let c = 0; c < opts.concurrency; c++)
    for (let t = 0; t < opts.targets.length; t++) loops.push(loop(t));
  await Promise.all(loops);
  return samples;
}

export async function send(
  baseUrl: string,
  path: string,
  key: string,
  target = 0,
  method = "GET",
): Promise<Sample> {
  const sentAt = performance.now();
  try {
    const res = await fetch(`${baseUrl}${path}`, { method, headers: { "X-API-Key": key } });
    const body = await res.text();
    const sample: Sample = {
      target,
      sentAt,
      doneAt: performance.now(),
      status: res.status,
      requestId: res.headers.get("x-request-id"),
    };
    if (res.status !== 200) {
      sample.retryAfter = res.headers.get("retry-after");
      try {
        sample.code = (JSON.parse(body) as { error?: { code?: string } }).error?.code;
      } catch {
        sample.code = "(not json)";
      }
    }
    return sample;
  } catch {
    return { target, sentAt, doneAt: performance.now(), status: 0 };
  }
}

export function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) out[key(item)] = (out[key(item)] ?? 0) + 1;
  return out;
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  if (!s.length) return NaN;
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
