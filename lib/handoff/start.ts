import type { z } from "zod";
import type { Db } from "../platform/db";
import { generateSessionId, generateUserCode, formatUserCode } from "./codes";
import { handoffConfig } from "./config";
import { invalidRequest } from "./errors";
import { loopbackRedirectUri } from "./redirect";
import { createHandoff, purgeExpiredHandoffs } from "./store";
import type { StartBody, startResponse } from "./schemas";

export type StartResult = z.output<typeof startResponse>;

/** Step 1: record the agent's challenge and hand back the codes the human and the agent need. */
export async function startSession(
  db: Db,
  body: StartBody,
  ctx: { ip: string; baseUrl: string },
): Promise<StartResult> {
  // RFC 7636 lets a missing method mean "plain"; RFC 9700 says use S256, so only S256 is accepted.
  if (body.code_challenge_method !== "S256") {
    throw invalidRequest("code_challenge_method must be S256 (plain is not accepted)");
  }
  let redirectUri: string | null = null;
  if (body.redirect_uri !== undefined) {
    redirectUri = loopbackRedirectUri(body.redirect_uri);
    if (!redirectUri) {
      throw invalidRequest(
        "redirect_uri must be http://127.0.0.1:<port>/callback or http://[::1]:<port>/callback",
      );
    }
  }
  const now = new Date();
  const ttl = handoffConfig.sessionTtlSeconds();
  await purgeExpiredHandoffs(db, now);
  for (let attempt = 0; ; attempt++) {
    const userCode = generateUserCode();
    try {
      const row = await createHandoff(db, {
        id: generateSessionId(),
        userCode,
        codeChallenge: body.code_challenge,
        clientName: body.client_name,
        environment: body.environment,
        keyName: body.key_name ?? body.client_name,
        redirectUri,
        state: body.state ?? null,
        requesterIp: ctx.ip,
        expiresAt: new Date(now.getTime() + ttl * 1000),
        pollInterval: handoffConfig.pollIntervalSeconds,
      });
      return {
        session_id: row.id,
        verification_url: `${ctx.baseUrl}/agent/${formatUserCode(userCode)}`,
        user_code: formatUserCode(userCode),
        expires_in: ttl,
        interval: row.pollInterval,
      };
    } catch (err) {
      // A user-code collision with a live session is rare (20^8 codes); draw again.
      if (attempt < 5 && String(err).includes("Unique constraint")) continue;
      throw err;
    }
  }
}
