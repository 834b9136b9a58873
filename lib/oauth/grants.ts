import type { AuditContext } from "../audit/store";
import { recordAudit } from "../audit/store";
import type { Db } from "../platform/db";
import { revokeApiKey } from "../keys/service";
import { forgetAccessTokens } from "./access";
import { oauthConfig } from "./config";
import * as store from "./store";
import { newAccessToken, newGrantId, newRefreshToken, tokenHash } from "./tokens";

export type GrantRow = NonNullable<Awaited<ReturnType<typeof store.grantById>>>;

export const grantByCode = (db: Db, code: string) => store.grantByCodeHash(db, tokenHash(code));

/** Step 1 (GET /oauth/authorize): the validated request waits for the consent page. */
export async function createPendingGrant(
  db: Db,
  input: {
    clientId: string;
    codeChallenge: string;
    redirectUri: string;
    state?: string;
    resource: string;
    scopes: string[];
  },
): Promise<string> {
  const id = newGrantId();
  // Undecided requests and expired tokens (used refresh tokens are kept until then, to detect a
  // replay) are dropped a day late, as handoff sessions are: each new request sweeps.
  const dayAgo = new Date(Date.now() - 86_400_000);
  await store.purgeExpired(db, dayAgo);
  await store.insertGrant(db, {
    id,
    clientId: input.clientId,
    codeChallenge: input.codeChallenge,
    redirectUri: input.redirectUri,
    state: input.state?.slice(0, 500) ?? null,
    resource: input.resource,
    requestedScopes: input.scopes.join(" ").slice(0, 500),
    expiresAt: new Date(Date.now() + oauthConfig.consentTtlMs),
  });
  return id;
}

export interface IssuedTokens {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope?: string;
}

/** A new access + refresh pair of the grant; only their hashes are stored. */
export async function issueTokens(
  db: Db,
  grant: GrantRow,
  keyExpiresAt: Date | null,
  scope: string,
): Promise<IssuedTokens> {
  const now = Date.now();
  const access = newAccessToken();
  const refresh = newRefreshToken();
  const accessTtl = oauthConfig.accessTtlSeconds();
  const refreshEnd = Math.min(now + oauthConfig.refreshTtlMs(), keyExpiresAt?.getTime() ?? Infinity);
  await store.insertTokens(db, [
    {
      tokenHash: tokenHash(access),
      grantId: grant.id,
      kind: "access",
      expiresAt: new Date(now + accessTtl * 1000),
    },
    { tokenHash: tokenHash(refresh), grantId: grant.id, kind: "refresh", expiresAt: new Date(refreshEnd) },
  ]);
  return {
    access_token: access,
    token_type: "Bearer",
    expires_in: accessTtl,
    refresh_token: refresh,
    ...(scope ? { scope } : {}),
  };
}

/**
 * Ends a grant and its whole token family: the grant is marked revoked, its tokens deleted and the
 * API key it acts as revoked, which reaches every instance's key cache within the revocation bound
 * (lib/keys/revocations.ts), so the next /mcp call 401s there too.
 */
export async function revokeGrant(
  db: Db,
  grant: Pick<GrantRow, "id" | "accountId" | "apiKeyId" | "clientId">,
  why: { action: "oauth.revoked" | "oauth.replayed"; actorUserId: string | null; detail: string },
  audit: AuditContext = {},
): Promise<void> {
  await store.revokeGrantRow(db, grant.id, new Date());
  forgetAccessTokens();
  if (grant.apiKeyId) await revokeApiKey(db, { id: grant.apiKeyId }, why.actorUserId, audit);
  if (grant.accountId)
    await recordAudit(db, {
      accountId: grant.accountId,
      actorUserId: why.actorUserId,
      action: why.action,
      targetType: "oauth_grant",
      targetId: grant.id,
      detail: why.detail,
      ...audit,
    });
}
