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

/** The one error type handlers throw; the pipeline turns it into {error:{code,message}}. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.headers = headers;
  }
}

export const invalidParameter = (name: string, why: string) =>
  new ApiError("INVALID_PARAMETER", `Invalid parameter '${name}': ${why}`);

/** `what` may echo a path segment: cut it so a huge id cannot bloat the error body. */
export const notFound = (what: string) =>
  new ApiError("NOT_FOUND", `${what.length > 120 ? `${what.slice(0, 120)}…` : what} not found`);
