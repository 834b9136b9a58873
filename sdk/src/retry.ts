import { parseRetryAfter } from "./errors.js";

export interface RetryOptions {
  /** Retries after the first attempt; default 3. 0 turns retrying off. */
  maxRetries?: number;
  /** First back-off when the server sent no Retry-After, doubled per retry (with jitter); default 500 ms. */
  baseDelayMs?: number;
  /** Longest single wait; a Retry-After beyond it (a spent monthly quota, say) is returned to the caller at once. Default 60 s. */
  maxDelayMs?: number;
  /** Called before each wait, e.g. to log it. */
  onRetry?: (info: RetryInfo) => void;
}

export interface RetryInfo {
  attempt: number;
  delayMs: number;
  /** HTTP status that caused the retry; 0 for a network error. */
  status: number;
  url: string;
}

/**
 * Only these statuses are retried: 429 (RATE_LIMITED, QUOTA_EXCEEDED within maxDelayMs) and 503
 * (AUTH_BACKEND_UNAVAILABLE, SERVICE_UNAVAILABLE). Any other 4xx is the caller's mistake and
 * repeating it cannot help; nor can a 429 AUTH_THROTTLED (see NOT_RETRIED_CODES).
 */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/**
 * Error codes never retried whatever their status: AUTH_THROTTLED is the 429 an address gets after
 * too many requests with a missing or invalid key; only a correct key helps, and each retry with
 * the bad one would extend the wait.
 */
export const NOT_RETRIED_CODES: ReadonlySet<string> = new Set(["AUTH_THROTTLED"]);

/** The error code of a JSON error body, read from a copy (the caller still gets the whole body). */
async function errorCodeOf(response: Response): Promise<string | null> {
  try {
    const body = (await response.clone().json()) as { error?: { code?: unknown } } | null;
    return typeof body?.error?.code === "string" ? body.error.code : null;
  } catch {
    return null;
  }
}

type Fetch = (request: Request) => Promise<Response>;

function sleep(ms: number, signal: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Full-jitter exponential back-off (AWS architecture blog): uniform in [base·2^n / 2, base·2^n]. */
const backoff = (base: number, attempt: number) => {
  const ceiling = base * 2 ** attempt;
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
};

/**
 * Wraps fetch so that 429 and 503 are retried after Retry-After (or back-off when absent), and
 * connection failures after back-off. The SDK only sends GET, so a repeat is always safe.
 */
export function retryingFetch(base: Fetch, options: RetryOptions = {}): Fetch {
  const maxRetries = options.maxRetries ?? 3;
  const baseDelay = options.baseDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 60_000;
  return async (request) => {
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await base(request.clone());
      } catch (err) {
        if (request.signal.aborted || attempt >= maxRetries) throw err;
        const delayMs = Math.min(backoff(baseDelay, attempt), maxDelay);
        options.onRetry?.({ attempt: attempt + 1, delayMs, status: 0, url: request.url });
        await sleep(delayMs, request.signal);
        continue;
      }
      if (!RETRY_STATUSES.has(response.status) || attempt >= maxRetries) return response;
      const code = await errorCodeOf(response);
      if (code !== null && NOT_RETRIED_CODES.has(code)) return response;
      const retryAfter = parseRetryAfter(response.headers.get("retry-after"));
      const delayMs = retryAfter === null ? backoff(baseDelay, attempt) : retryAfter * 1000;
      if (delayMs > maxDelay) return response;
      await response.body?.cancel();
      options.onRetry?.({ attempt: attempt + 1, delayMs, status: response.status, url: request.url });
      await sleep(delayMs, request.signal);
    }
  };
}
