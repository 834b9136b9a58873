import { z } from "zod";
import { ApiError } from "@/lib/platform/errors";
import { passwordProblem } from "@/lib/auth/password-policy";
import { resetPassword, resetTokenUser } from "@/lib/auth/password-reset";
import { requestOrigin, route } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";

export const dynamic = "force-dynamic";

const input = z.object({
  token: z.string().min(1).max(100),
  password: z.string().max(10_000, "Password must be at most 200 characters"),
});
const INVALID = "This reset link is invalid, used or expired. Ask for a new one.";

/** Sets a new password with an emailed link's token (once, within 30 min); ends every session. */
export const POST = route({ auth: "public", input, name: "password reset" }, async ({ body, request }) => {
  const { token, password } = body;
  // An unknown token costs one indexed lookup, before any password work.
  const user = await resetTokenUser(db, token);
  if (!user) throw new ApiError("INVALID_PARAMETER", INVALID);
  const problem = await passwordProblem(password, [user.email, user.name]);
  if (problem) throw new ApiError("INVALID_PARAMETER", problem);
  if (!(await resetPassword(db, token, password, requestOrigin(request))))
    throw new ApiError("INVALID_PARAMETER", INVALID);
  return { reset: true };
});
