import { requestOrigin } from "@/lib/auth/route";
import { db } from "@/lib/platform/db";
import { invalidRequest } from "@/lib/handoff/errors";
import { exchangeCode, pollSession } from "@/lib/handoff/exchange";
import { handoffJson, handoffRoute } from "@/lib/handoff/http";
import { tokenBody } from "@/lib/handoff/schemas";

export const dynamic = "force-dynamic";

/** Agent handoff step 4: {code, code_verifier} or, polling, {session_id, code_verifier}. */
export const POST = handoffRoute(tokenBody, async (body, request) => {
  if (Boolean(body.code) === Boolean(body.session_id))
    throw invalidRequest("Send exactly one of code or session_id");
  const audit = requestOrigin(request);
  const issued = body.code
    ? await exchangeCode(db, body.code, body.code_verifier, audit)
    : await pollSession(db, body.session_id!, body.code_verifier, audit);
  return handoffJson(200, issued);
});
