import { ApiError } from "@/lib/platform/errors";
import { requireRecentAuth } from "@/lib/auth/reauth";
import { dashboardRoute, jsonResponse } from "@/lib/auth/route";
import { beginTotpSetup } from "@/lib/auth/totp";
import { totpQrSvg } from "@/lib/auth/totp-qr";
import { db } from "@/lib/platform/db";

export const dynamic = "force-dynamic";

/** A new, not yet active TOTP secret for the authenticator app, with its QR code as SVG (never cached). */
export const POST = dashboardRoute("self", null, async ({ user }) => {
  await requireRecentAuth(db, user);
  const result = await beginTotpSetup(db, user);
  if (!result.ok) throw new ApiError("CONFLICT", "Two-factor authentication is already on");
  const qrSvg = await totpQrSvg(result.uri);
  return jsonResponse(
    200,
    { data: { secret: result.secret, uri: result.uri, qrSvg } },
    { Pragma: "no-cache" },
  );
});
