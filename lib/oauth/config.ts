import { envInt, envStrOpt } from "../platform/config";

/** The authorization server and the protected resource (/mcp) as this instance names them. */
export interface OAuthUrls {
  /** Issuer (RFC 8414): the public origin, no path. */
  issuer: string;
  /** The protected resource and the audience of every token (RFC 8707): `<origin>/mcp`. */
  resource: string;
  /** RFC 9728 metadata of the resource, sent in every 401's WWW-Authenticate. */
  resourceMetadata: string;
}

/** NEXTAUTH_URL's origin when set (behind a proxy), else the address the server listens on. */
export function oauthUrls(fallbackOrigin: string): OAuthUrls {
  const configured = envStrOpt("NEXTAUTH_URL");
  const issuer = new URL(configured || fallbackOrigin).origin;
  return {
    issuer,
    resource: `${issuer}/mcp`,
    resourceMetadata: `${issuer}/.well-known/oauth-protected-resource/mcp`,
  };
}

export const oauthConfig = {
  accessTtlSeconds: () => envInt("OAUTH_ACCESS_TOKEN_TTL_SECONDS"),
  refreshTtlMs: () => envInt("OAUTH_REFRESH_TOKEN_TTL_DAYS") * 86_400_000,
  registrationsPerHour: () => envInt("OAUTH_REGISTER_LIMIT_PER_HOUR"),
  endpointLimitPer15Minutes: () => envInt("OAUTH_ENDPOINT_LIMIT_PER_15_MINUTES"),
  /** The consent page must be answered within this (like a handoff session). */
  consentTtlMs: 10 * 60_000,
  /** Authorization codes are one-time and short-lived (OAuth 2.1 §4.1.2: 10 minutes at most). */
  codeTtlMs: 60_000,
  /**
   * A refresh token just replaced by a refresh may be used again for this long (two windows of
   * one client refreshing at once): each such use gets a fresh pair. Later, a reuse revokes the
   * whole connection (OAuth 2.1 §4.3.1 refresh token replay).
   */
  refreshGraceMs: 30_000,
};
