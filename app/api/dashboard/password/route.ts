import { changePassword } from "@/lib/auth/password-change";
import { dashboardRoute, requestOrigin } from "@/lib/auth/route";
import { passwordChangeInput } from "@/lib/auth/schemas";
import { db } from "@/lib/platform/db";

export const dynamic = "force-dynamic";

/** Changes (or sets) the password: lib/auth/password-change.ts. */
export const POST = dashboardRoute("self", passwordChangeInput, ({ user, body, request }) =>
  changePassword(db, user, body, requestOrigin(request), request.headers.get("x-forwarded-for")),
);
