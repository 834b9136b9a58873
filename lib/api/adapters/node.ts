import type { ServerResponse } from "node:http";
import { ApiError } from "../../platform/errors";
import { nodeHandler, writeResponse as write } from "../../http/node";
import { v1Surface } from "../pipeline";
import { errorResponse, newRequestId } from "../respond";

/** /v1 on the lean node:http server: a cache hit is answered synchronously (no promise). */
export const handleNodeRequest = nodeHandler(v1Surface);

/** A request target that is not a path ("*", an absolute URL): 400 in JSON, never Next's 500. */
export function writeBadTarget(res: ServerResponse): void {
  write(
    res,
    errorResponse(
      newRequestId(),
      new ApiError("INVALID_REQUEST", "The request target must be a path starting with /"),
    ),
    false,
  );
}

/** true when the path (before any query) holds a percent-escape that is not UTF-8 ("%E0%A4%A"). */
export function malformedPath(url: string): boolean {
  const q = url.indexOf("?");
  try {
    decodeURIComponent(q < 0 ? url : url.slice(0, q));
    return false;
  } catch {
    return true;
  }
}

/** A path Next cannot decode into its route params: 400 in JSON, never Next's bare 500. */
export function writeBadPath(res: ServerResponse): void {
  write(
    res,
    errorResponse(
      newRequestId(),
      new ApiError(
        "INVALID_REQUEST",
        "The request path holds a malformed percent-encoding: each %XX must encode UTF-8 bytes",
      ),
    ),
    false,
  );
}
