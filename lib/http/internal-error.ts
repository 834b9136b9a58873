import { isDatabaseUnavailable } from "../platform/db-errors";
import { ApiError } from "../platform/errors";
import type { ApiRequest } from "../api/types";
import { logError } from "../platform/log";

/**
 * What a keyed surface answers for an error that is not an ApiError: 503 with Retry-After while
 * the database is unreachable (a client retries), else 500 naming the request id; both logged.
 */
export function internalError(err: unknown, requestId: string, req: ApiRequest, surface: string): ApiError {
  if (isDatabaseUnavailable(err)) {
    logError(`database unavailable during ${surface} request`, err instanceof Error ? err.message : err, {
      requestId,
      path: req.path,
    });
    return new ApiError("SERVICE_UNAVAILABLE", "The database is unavailable; retry with back-off", {
      "Retry-After": "2",
    });
  }
  logError(`unhandled error in ${surface} handler`, err, { requestId, path: req.path });
  return new ApiError("INTERNAL_ERROR", `Internal error; quote request id ${requestId} when reporting it`);
}
