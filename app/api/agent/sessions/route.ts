import { db } from "@/lib/platform/db";
import { HandoffError } from "@/lib/handoff/errors";
import { clientIp, handoffJson, handoffRoute, publicBaseUrl } from "@/lib/handoff/http";
import { takeStartSlot } from "@/lib/handoff/rate-limit";
import { startBody } from "@/lib/handoff/schemas";
import { startSession } from "@/lib/handoff/start";

export const dynamic = "force-dynamic";

/** Agent handoff step 1 (docs/agent-handoff.md): no API key, rate-limited per client IP. */
export const POST = handoffRoute(startBody, async (body, request) => {
  const ip = clientIp(request);
  const wait = takeStartSlot(ip);
  if (wait) {
    throw new HandoffError(
      "rate_limited",
      `Too many handoff sessions from this address; retry in ${wait} s`,
      {},
      { "Retry-After": String(wait) },
    );
  }
  const result = await startSession(db, body, { ip, baseUrl: publicBaseUrl(request) });
  return handoffJson(200, result);
});
