import { AppError } from "../platform/errors";

/**
 * OAuth-style protocol errors (RFC 6749 §5.2, RFC 8628 §3.5) in the project's error envelope:
 * {error:{code,message}} with the OAuth error name as the code.
 */
export const HANDOFF_ERRORS = {
  invalid_request: 400,
  invalid_grant: 400,
  authorization_pending: 400,
  slow_down: 400,
  access_denied: 400,
  expired_token: 400,
  rate_limited: 429,
  server_error: 500,
} as const;

export type HandoffErrorCode = keyof typeof HANDOFF_ERRORS;

/** A protocol error: the shared AppError with the handoff's code map; extra fields, e.g. the new `interval` on slow_down. */
export class HandoffError extends AppError {
  readonly code: HandoffErrorCode;

  constructor(
    code: HandoffErrorCode,
    message: string,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(HANDOFF_ERRORS[code], message, headers, extra);
    this.code = code;
  }
}

export const invalidRequest = (message: string) => new HandoffError("invalid_request", message);
export const invalidGrant = (message: string) => new HandoffError("invalid_grant", message);
