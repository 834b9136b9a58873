import { z } from "zod";
import { changePassword } from "@/lib/auth/password-change";
import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";

export const dynamic = "force-dynamic";

const input = z.object({
  currentPassword: z.string().max(200).optional(),
  newPassword: z.string().max(10_000, "Password must be at most 200 characters"),
});

/** Changes (or sets) the password: lib/auth/password-change.ts. */
export const POST = dashboardRoute("self", input, ({ user, body, request }) =>
  changePassword(db, user, body, requestOrigin(request), request.headers.get("x-forwarded-for")),
);
