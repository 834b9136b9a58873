/** Every failed call throws one of these: the API's `{error: {code, message}}` plus what a caller needs to act on it. */
export class StatlineError extends Error {
  override readonly name = "StatlineError";
  /** The API's error.code (UNAUTHORIZED, INVALID_PARAMETER, RATE_LIMITED, …), or NETWORK_ERROR / INVALID_RESPONSE. */
  readonly code: string;
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  /** X-Request-Id of the failed response (quote it when reporting a problem); null without a response. */
  readonly requestId: string | null;
  /** Seconds from Retry-After, when the server sent one. */
  readonly retryAfter: number | null;

  constructor(init: {
    code: string;
    message: string;
    status: number;
    requestId?: string | null;
    retryAfter?: number | null;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId ?? null;
    this.retryAfter = init.retryAfter ?? null;
  }

  /**
   * True for the outcomes a later attempt may change: rate limits, unavailable backends, no
   * connection. Not AUTH_THROTTLED (fix the key) nor CREDENTIALS_ORIGIN_MISMATCH (nothing was sent).
   */
  get retryable(): boolean {
    if (this.code === "AUTH_THROTTLED" || this.code === "CREDENTIALS_ORIGIN_MISMATCH") return false;
    return this.status === 429 || this.status === 503 || this.status === 0;
  }

  toJSON() {
    return { code: this.code, message: this.message, status: this.status, request_id: this.requestId };
  }
}

/** Retry-After as seconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === "") return null;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The error for a non-2xx response, from its body (parsed JSON, text, or nothing) and headers. */
export function errorFromResponse(response: Response, body: unknown): StatlineError {
  let code = `HTTP_${response.status}`;
  let message = `HTTP ${response.status} ${response.statusText}`.trim();
  const parsed = typeof body === "string" ? tryJson(body) : body;
  const error = (parsed as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (typeof error?.code === "string") code = error.code;
  if (typeof error?.message === "string") message = error.message;
  return new StatlineError({
    code,
    message,
    status: response.status,
    requestId: response.headers.get("x-request-id"),
    retryAfter: parseRetryAfter(response.headers.get("retry-after")),
  });
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null; // not JSON (a proxy's HTML page, say): the status line says what happened
  }
}
