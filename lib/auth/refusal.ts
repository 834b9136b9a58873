import { toSeconds } from "../usage/limiter";
import { ApiError } from "../platform/errors";
import { parseRefusal } from "./signin-error";

/**
 * How a refused sign-in travels: authorize() can only throw, and next-auth puts the message in
 * the ?error= of the URL it answers with. "Throttled:<s>" / "Busy:<s>" there become a real 429 /
 * 503 with Retry-After here (the body keeps next-auth's `url`, which next-auth/react reads).
 */
export function signInRefusal(kind: "throttled" | "busy", retryAfterMs: number): string {
  return `${kind === "throttled" ? "Throttled" : "Busy"}:${toSeconds(retryAfterMs)}`;
}

/** Rewrites next-auth's 401 for a refused credentials sign-in into 429/503 with Retry-After. */
export async function refusalResponse(response: Response): Promise<Response> {
  if (response.status !== 401) return response;
  const location = response.headers.get("location");
  let url = location;
  if (!url && response.headers.get("content-type")?.includes("json")) {
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { url?: unknown } | null;
    url = typeof body?.url === "string" ? body.url : null;
  }
  const refusal = url && URL.canParse(url) ? parseRefusal(new URL(url).searchParams.get("error")) : null;
  if (!refusal) return response;
  const err =
    refusal.kind === "Throttled"
      ? new ApiError("RATE_LIMITED", `Too many sign-in attempts. Try again in ${refusal.seconds} s.`)
      : new ApiError("SERVICE_UNAVAILABLE", "The server is busy. Try again in a moment.");
  const headers = new Headers(response.headers);
  headers.delete("location");
  headers.set("Content-Type", "application/json");
  headers.set("Cache-Control", "no-store");
  headers.set("Retry-After", String(refusal.seconds));
  return new Response(JSON.stringify({ error: { code: err.code, message: err.message }, url }), {
    status: err.status,
    headers,
  });
}
