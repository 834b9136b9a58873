import { ApiError } from "@/lib/platform/errors";
import { errorResponse, newRequestId } from "@/lib/api/respond";
import { route } from "@/lib/auth/route";

// Unknown /api paths (and /api itself: optional catch-all) answer in JSON like the rest of the API,
// with X-Request-Id, not with Next's HTML 404 page: the /v1 error answer, built by the /v1 pipeline's
// own writer. A protocol route, so no method is refused before the 404.
const notFound = route({ auth: "protocol", name: "unknown path" }, async ({ request }) => {
  const path = new URL(request.url).pathname;
  const shown = path.length > 100 ? `${path.slice(0, 100)}…` : path;
  const res = errorResponse(newRequestId(), new ApiError("NOT_FOUND", `No endpoint at ${shown}`));
  return new Response(res.body, { status: res.status, headers: res.headers });
});

export const GET = notFound;
export const HEAD = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const OPTIONS = notFound;
