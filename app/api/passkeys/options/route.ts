import { ApiError } from "@/lib/platform/errors";
import { requestOrigin, route } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { authenticationOptions } from "@/lib/passkeys/authenticate";
import { takeRateLimit } from "@/lib/usage";
import { toSeconds } from "@/lib/usage/limiter";

export const dynamic = "force-dynamic";

/**
 * Options for signing in with a passkey (or using one as the second factor): a challenge for the
 * browser's own passkeys, no address asked. Each stores a challenge row, so 20 at once and one
 * every 3 s after per client address (429).
 */
export const POST = route({ auth: "public", name: "passkey options" }, async ({ request }) => {
  const ip = requestOrigin(request).ip ?? "unknown";
  const allowed = await takeRateLimit(`passkey:ip:${ip}`, { burst: 20, intervalMs: 3_000 });
  if (!allowed.allowed) {
    const seconds = toSeconds(allowed.retryAfterMs);
    throw new ApiError("RATE_LIMITED", `Too many passkey requests. Try again in ${seconds} s.`, {
      "Retry-After": String(seconds),
    });
  }
  return authenticationOptions(db);
});
