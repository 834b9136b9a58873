import { ApiError, assertOk } from "@/lib/platform/errors";
import { firstIssue, jsonResponse, readBounded, requestOrigin, route } from "@/lib/auth/route";
import { checkReport } from "@/lib/alerts/leak-keys";
import { handleLeakReport, LeakReport, MAX_REPORT_BYTES } from "@/lib/alerts/leak-report";
import { envInt } from "@/lib/platform/config";
import { db } from "@/lib/platform/db";
import { toSeconds } from "@/lib/usage/limiter";
import { takeRateLimit } from "@/lib/usage";

export const dynamic = "force-dynamic";

/**
 * GitHub secret-scanning partner endpoint (docs/alerts.md, "Leak reports"): a signed JSON array of
 * {token, type, url, source}. A protocol route (the signature is the caller's proof), reading the
 * raw body itself because the signature covers its exact bytes. Order: the per-address limit, the
 * size bound, the signature, then the shape; only then are keys looked up. The answer is GitHub's
 * feedback format.
 */
export const POST = route({ auth: "protocol", name: "leak report" }, async ({ request }) => {
  const ip = requestOrigin(request).ip ?? "unknown";
  const rate = envInt("LEAK_REPORT_RATE_PER_MINUTE");
  const decision = await takeRateLimit(`leak-report:${ip}`, { burst: rate, intervalMs: 60_000 / rate });
  if (!decision.allowed) {
    const seconds = toSeconds(decision.retryAfterMs);
    throw new ApiError("RATE_LIMITED", `Too many leak reports from this address; retry in ${seconds} s`, {
      "Retry-After": String(seconds),
    });
  }
  const body = await readBounded(
    request,
    MAX_REPORT_BYTES,
    `A leak report may have at most ${MAX_REPORT_BYTES} bytes`,
  );
  const checked = checkReport(
    body,
    request.headers.get("github-public-key-identifier"),
    request.headers.get("github-public-key-signature"),
  );
  assertOk(checked);
  const parsed = LeakReport.safeParse(checked.value);
  if (!parsed.success) throw new ApiError("INVALID_REQUEST", firstIssue(parsed.error));
  return jsonResponse(200, await handleLeakReport(db, parsed.data));
});
