import type { Response } from "express";
import type {
  AuthorizationParams,
  OAuthServerProvider,
} from "@modelcontextprotocol/sdk/server/auth/provider.js";
import { InvalidGrantError, InvalidTargetError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type {
  OAuthClientInformationFull,
  OAuthTokenRevocationRequest,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import type { Db } from "../platform/db";
import { scopesOf } from "../keys/scopes";
import { keyScopesAndExpiry } from "../keys/store";
import { forgetAccessToken, verifyAccessToken } from "./access";
import { pendingGrantCookie } from "./binding";
import { clientsStore } from "./clients";
import { oauthConfig, type OAuthUrls } from "./config";
import { createPendingGrant, grantByCode, issueTokens, revokeGrant, type GrantRow } from "./grants";
import { deleteToken, grantById, spendToken, tokenByHash, transitionGrant } from "./store";
import { ACCESS_PATTERN, REFRESH_PATTERN, tokenHash } from "./tokens";

/** A spent refresh token is still accepted this long after its first use (oauthConfig.refreshGraceMs). */
const inGrace = (usedAt: Date) => Date.now() - usedAt.getTime() < oauthConfig.refreshGraceMs;

const sameResource = (a: string, b: string) => a.replace(/\/$/, "") === b.replace(/\/$/, "");

/** The key the grant acts as: its scopes (as the token's scope) and expiry (the refresh bound). */
async function grantKey(db: Db, grant: GrantRow) {
  const key = grant.apiKeyId ? await keyScopesAndExpiry(db, grant.apiKeyId) : null;
  // null scopes = every read scope (lib/keys/scopes.ts), named in full so the client sees them.
  return { scope: scopesOf(key?.scopes ?? null).join(" "), expiresAt: key?.expiresAt ?? null };
}

/**
 * Statline's side of the MCP SDK's OAuth 2.1 handlers (`@modelcontextprotocol/sdk/server/auth`):
 * the SDK parses and validates the requests (PKCE S256 only, registered redirect URIs, grant
 * types, client authentication) and answers with RFC 6749 errors; this stores grants and tokens
 * (hashes only) and ties each grant to an API key of the account that approved it.
 */
export class StatlineOAuthProvider implements OAuthServerProvider {
  readonly clientsStore;

  constructor(
    private readonly db: Db,
    private readonly urls: OAuthUrls,
    ipOf: () => string,
  ) {
    this.clientsStore = clientsStore(db, ipOf);
  }

  async authorize(
    client: OAuthClientInformationFull,
    params: AuthorizationParams,
    res: Response,
  ): Promise<void> {
    const resource = params.resource?.href ?? this.urls.resource;
    if (!sameResource(resource, this.urls.resource))
      throw new InvalidTargetError(`This server issues tokens for ${this.urls.resource} only`);
    const id = await createPendingGrant(this.db, {
      clientId: client.client_id,
      codeChallenge: params.codeChallenge,
      redirectUri: params.redirectUri,
      state: params.state,
      resource: this.urls.resource,
      scopes: params.scopes ?? [],
    });
    res.append("Set-Cookie", pendingGrantCookie(id, this.urls.issuer.startsWith("https:")));
    res.redirect(302, `${this.urls.issuer}/oauth/consent?request=${id}`);
  }

  async challengeForAuthorizationCode(client: OAuthClientInformationFull, code: string): Promise<string> {
    const grant = await grantByCode(this.db, code);
    if (!grant || grant.clientId !== client.client_id)
      throw new InvalidGrantError("Invalid authorization code");
    return grant.codeChallenge;
  }

  /** Called after the SDK checked the code_verifier against the stored S256 challenge. */
  async exchangeAuthorizationCode(
    client: OAuthClientInformationFull,
    code: string,
    _verifier?: string,
    redirectUri?: string,
    resource?: URL,
  ): Promise<OAuthTokens> {
    const grant = await grantByCode(this.db, code);
    if (!grant || grant.clientId !== client.client_id)
      throw new InvalidGrantError("Invalid authorization code");
    // A used code again, with the right verifier: the code leaked, so its tokens die (OAuth 2.1 §4.1.3).
    if (grant.codeUsedAt) return this.replayed(grant, "authorization code");
    if (grant.status !== "approved" || !grant.codeExpiresAt || grant.codeExpiresAt <= new Date())
      throw new InvalidGrantError("Authorization code expired; start the authorization again");
    if (redirectUri !== undefined && redirectUri !== grant.redirectUri)
      throw new InvalidGrantError("redirect_uri does not match the authorization request");
    if (resource && !sameResource(resource.href, grant.resource))
      throw new InvalidTargetError("resource does not match the authorization request");
    if (!(await transitionGrant(this.db, grant.id, "approved", { status: "active", codeUsedAt: new Date() })))
      return this.replayed(grant, "authorization code");
    const key = await grantKey(this.db, grant);
    return issueTokens(this.db, grant, key.expiresAt, key.scope);
  }

  async exchangeRefreshToken(
    client: OAuthClientInformationFull,
    refreshToken: string,
    _scopes?: string[],
    resource?: URL,
  ): Promise<OAuthTokens> {
    const invalid = new InvalidGrantError("Invalid refresh token");
    if (!REFRESH_PATTERN.test(refreshToken)) throw invalid;
    const hash = tokenHash(refreshToken);
    const row = await tokenByHash(this.db, hash);
    if (!row || row.kind !== "refresh") throw invalid;
    const grant = await grantById(this.db, row.grantId);
    if (!grant || grant.clientId !== client.client_id) throw invalid;
    if (row.usedAt && !inGrace(row.usedAt)) return this.replayed(grant, "refresh token");
    if (grant.status !== "active" || row.expiresAt <= new Date()) throw invalid;
    if (resource && !sameResource(resource.href, grant.resource))
      throw new InvalidTargetError("resource does not match the authorization");
    // Rotation: the first use claims the token. A second use within the grace (a concurrent
    // refresh of the same client) gets a pair of its own; after it, a second use is a replay.
    if (!row.usedAt && !(await spendToken(this.db, hash, new Date()))) {
      const spent = await tokenByHash(this.db, hash);
      if (!spent?.usedAt || !inGrace(spent.usedAt)) return this.replayed(grant, "refresh token");
    }
    const key = await grantKey(this.db, grant);
    return issueTokens(this.db, grant, key.expiresAt, key.scope);
  }

  verifyAccessToken(token: string): Promise<AuthInfo> {
    return verifyAccessToken(token, this.urls.resource);
  }

  /** RFC 7009: an access token alone, or a refresh token with its whole grant (§2.1 SHOULD). */
  async revokeToken(client: OAuthClientInformationFull, request: OAuthTokenRevocationRequest): Promise<void> {
    const { token } = request;
    if (!ACCESS_PATTERN.test(token) && !REFRESH_PATTERN.test(token)) return;
    const row = await tokenByHash(this.db, tokenHash(token));
    if (!row) return;
    const grant = await grantById(this.db, row.grantId);
    if (!grant || grant.clientId !== client.client_id) return;
    if (row.kind === "access") {
      await deleteToken(this.db, row.tokenHash);
      forgetAccessToken(row.tokenHash);
    } else
      await revokeGrant(this.db, grant, {
        action: "oauth.revoked",
        actorUserId: null,
        detail: `"${client.client_name ?? client.client_id}" revoked its own refresh token`,
      });
  }

  private async replayed(grant: GrantRow, what: string): Promise<never> {
    await revokeGrant(this.db, grant, {
      action: "oauth.replayed",
      actorUserId: null,
      detail: `${what} of client ${grant.clientId} used twice; every token of the connection was revoked`,
    });
    throw new InvalidGrantError(
      `This ${what} was already used; every token of this connection has been revoked`,
    );
  }
}
