import { dashboardError, firstIssue, jsonResponse, requestOrigin } from "@/lib/auth/route";
import { checkReport } from "@/lib/alerts/leak-keys";
import { handleLeakReport, LeakReport, MAX_REPORT_BYTES } from "@/lib/alerts/leak-report";
import { envInt } from "@/lib/config";
import { db } from "@/lib/db";
import { logError } from "@/lib/log";
import { toSeconds } from "@/lib/usage/limiter";
import { takeRateLimit } from "@/lib/usage";

export const dynamic = "force-dynamic";

/** The raw body, refused past `max` bytes while it streams in (the signature covers these exact bytes). */
async function readBounded(request: Request, max: number): Promise<Buffer | null> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > max) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * GitHub secret-scanning partner endpoint (docs/alerts.md, "Leak reports"): a signed JSON array of
 * {token, type, url, source}. Order: the per-address limit, the size bound, the signature over the
 * raw body, then the shape; only then are keys looked up. The answer is GitHub's feedback format.
 */
export async function POST(request: Request) {
  const ip = requestOrigin(request).ip ?? "unknown";
  const rate = envInt("LEAK_REPORT_RATE_PER_MINUTE");
  const decision = await takeRateLimit(`leak-report:${ip}`, { burst: rate, intervalMs: 60_000 / rate });
  if (!decision.allowed) {
    const seconds = toSeconds(decision.retryAfterMs);
    const refused = dashboardError(
      "RATE_LIMITED",
      `Too many leak reports from this address; retry in ${seconds} s`,
    );
    refused.headers.set("Retry-After", String(seconds));
    return refused;
  }
  const body = await readBounded(request, MAX_REPORT_BYTES);
  if (!body)
    return dashboardError("PAYLOAD_TOO_LARGE", `A leak report may have at most ${MAX_REPORT_BYTES} bytes`);
  const checked = checkReport(
    body,
    request.headers.get("github-public-key-identifier"),
    request.headers.get("github-public-key-signature"),
  );
  if (!checked.ok) return dashboardError(checked.code, checked.message);
  const parsed = LeakReport.safeParse(checked.items);
  if (!parsed.success) return dashboardError("INVALID_REQUEST", firstIssue(parsed.error));
  try {
    return jsonResponse(200, await handleLeakReport(db, parsed.data));
  } catch (err) {
    logError("leak report failed", err);
    return dashboardError("INTERNAL_ERROR", "Something went wrong");
  }
}
