import { route } from "@/lib/auth/route";
import { getCurrentUser } from "@/lib/auth/session";
import { listKeyViews } from "@/lib/keys/views";
import { db } from "@/lib/platform/db";
import { docsResponse } from "@/lib/docs/page";

export const dynamic = "force-dynamic";

/** Public API reference: plain HTML with no framework JavaScript (lib/docs/page.ts says why). */
export const GET = route({ auth: "public" }, async ({ request: req }) => {
  const host = req.headers.get("host") ?? "localhost:3000";
  const proto = req.headers.get("x-forwarded-proto") ?? "http";
  // A signed-in user sees their newest active key's prefix as the hint (never a demo token).
  const user = await getCurrentUser();
  const key = user ? (await listKeyViews(db, user.accountId)).find((k) => !k.revokedAt) : undefined;
  return docsResponse(
    { base: `${proto}://${host}`, key: key && { prefix: key.prefix, name: key.name } },
    req.headers.get("if-none-match"),
  );
});
