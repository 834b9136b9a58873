import { z } from "zod";
import { dashboardRoute } from "@/lib/auth/route";
import { proveIdentity, REAUTH_WINDOW_MS } from "@/lib/auth/reauth";
import { db } from "@/lib/platform/db";

export const dynamic = "force-dynamic";

const input = z.object({
  password: z.string().min(1, "Enter your password").max(200).optional(),
  code: z.string().trim().min(1, "Enter a code").max(40).optional(),
});

/** Re-authenticates this session with the password or a second-factor code (both throttled). */
export const POST = dashboardRoute("self", input, async ({ user, body, request }) => {
  const at = await proveIdentity(db, user, body, request.headers.get("x-forwarded-for"));
  return { reauthenticatedUntil: new Date(at.getTime() + REAUTH_WINDOW_MS).toISOString() };
});
