/** Every error code the API can answer with, and its HTTP status. */
export const ERROR_STATUS = {
  INVALID_PARAMETER: 400,
  INVALID_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  CURSOR_EXPIRED: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  QUOTA_EXCEEDED: 429,
  /** Too many failed authentications from one address (lib/api/auth-throttle.ts): fix the key, retrying cannot help. */
  AUTH_THROTTLED: 429,
  INTERNAL_ERROR: 500,
  AUTH_BACKEND_UNAVAILABLE: 503,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Spec §5/§7: these two messages are binding word for word. */
export const MESSAGES = {
  keyRequired: "API key required",
  invalidKey: "Invalid API key",
} as const;

/**
 * The error every surface throws and every wrapper maps the same way: a code from the surface's
 * code→status map, a message, response headers, and extra fields of the error object (protocol
 * errors only, e.g. the handoff's `interval` on slow_down). The body is always {error:{code,message}}.
 */
export abstract class AppError extends Error {
  abstract readonly code: string;
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly extra: Record<string, unknown>;

  constructor(
    status: number,
    message: string,
    headers: Record<string, string> = {},
    extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.status = status;
    this.headers = headers;
    this.extra = extra;
  }

  body(): { error: { code: string; message: string } } {
    return { error: { code: this.code, message: this.message, ...this.extra } };
  }
}

/**
 * The /v1 and dashboard error (codes: ERROR_STATUS). /v1 answers {error:{code,message}} exactly
 * (lib/api/respond.ts writes those two fields only); a dashboard route also names the input `field`
 * that is wrong, so the form marks that field and shows the message under it.
 */
export class ApiError extends AppError {
  readonly code: ErrorCode;
  readonly field: string | undefined;

  constructor(code: ErrorCode, message: string, headers: Record<string, string> = {}, field?: string) {
    super(ERROR_STATUS[code], message, headers, field ? { field } : {});
    this.code = code;
    this.field = field;
  }
}

/** A wrong input field, in the user's words: the dashboard form shows `message` under `field`. */
export const fieldError = (field: string, message: string) =>
  new ApiError("INVALID_PARAMETER", message, {}, field);

export const invalidParameter = (name: string, why: string) =>
  new ApiError("INVALID_PARAMETER", `Invalid parameter '${name}': ${why}`);

/** `what` may echo a path segment: cut it so a huge id cannot bloat the error body. */
export const notFound = (what: string) =>
  new ApiError("NOT_FOUND", `${what.length > 120 ? `${what.slice(0, 120)}…` : what} not found`);

/**
 * A service's verdict as a value (Unkey's style): the value, or an error code and message. Routes
 * never map it by hand: `unwrap` throws the ApiError the route wrapper answers.
 */
export type Result<T, C extends ErrorCode = ErrorCode> =
  { ok: true; value: T } | { ok: false; code: C; message: string; field?: string };

/** The value of a successful verdict, or its error thrown as an ApiError. */
export function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new ApiError(result.code, result.message, {}, result.field);
}

type Failure = { ok: false; code: ErrorCode; message: string; field?: string };
/** Narrows a verdict to its success, throwing its failure as the ApiError the route wrapper answers. */
export function assertOk<R extends { ok: true } | Failure>(result: R): asserts result is Exclude<R, Failure> {
  if (!result.ok) {
    const failure = result as Failure;
    throw new ApiError(failure.code, failure.message, {}, failure.field);
  }
}
