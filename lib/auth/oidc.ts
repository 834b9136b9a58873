import type { OAuthConfig } from "next-auth/providers/oauth";
import { envStr, envStrOpt } from "../platform/config";

/**
 * Single sign-on through any OpenID Connect provider, configured by OIDC_ISSUER, OIDC_CLIENT_ID
 * and OIDC_CLIENT_SECRET (OIDC_NAME labels the button). next-auth's generic OAuth provider reads
 * the issuer's discovery document, sends PKCE, state and nonce, and openid-client checks the ID
 * token's signature, audience, nonce and that its `iss` is the discovered issuer; oidcIdentity
 * then checks `iss` against the configured issuer (a discovery document naming another issuer is
 * refused) and requires `email_verified`.
 */
export const OIDC_PROVIDER_ID = "oidc";

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  name: string;
}

const trimSlash = (url: string) => url.replace(/\/+$/, "");

export function oidcSettings(): OidcSettings | null {
  const issuer = envStrOpt("OIDC_ISSUER");
  const clientId = envStrOpt("OIDC_CLIENT_ID");
  const clientSecret = envStrOpt("OIDC_CLIENT_SECRET");
  if (!issuer || !clientId || !clientSecret) return null;
  return { issuer: trimSlash(issuer), clientId, clientSecret, name: envStr("OIDC_NAME") };
}

/** The button's label when SSO is configured, else null (no button). */
export const oidcButtonName = (): string | null => oidcSettings()?.name ?? null;

interface OidcClaims {
  sub: string;
  iss?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
}

/**
 * The ID token's payload. openid-client verified it (signature, iss, aud, exp, nonce) before
 * next-auth calls userinfo.request, so reading it here is safe.
 */
function idTokenClaims(idToken: string | undefined): OidcClaims {
  const payload = idToken?.split(".")[1];
  if (!payload) throw new Error("the provider sent no ID token");
  return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as OidcClaims;
}

export function oidcProvider(s: OidcSettings): OAuthConfig<OidcClaims> {
  return {
    id: OIDC_PROVIDER_ID,
    name: s.name,
    type: "oauth",
    wellKnown: `${s.issuer}/.well-known/openid-configuration`,
    issuer: s.issuer,
    clientId: s.clientId,
    clientSecret: s.clientSecret,
    authorization: { params: { scope: "openid email profile" } },
    idToken: true,
    checks: ["pkce", "state", "nonce"],
    // Many providers put email and email_verified in the userinfo answer only (oidc-provider does,
    // per OIDC Core 5.4), so the profile is the userinfo claims of the same `sub` under the ID
    // token's, which win (iss among them).
    userinfo: {
      async request({ client, tokens }) {
        const claims = idTokenClaims(tokens.id_token);
        const info = tokens.access_token
          ? await client.userinfo(tokens.access_token).catch(() => null)
          : null;
        const extra = info && info.sub === claims.sub ? info : {};
        return { ...extra, ...claims } as OidcClaims;
      },
    },
    profile: (claims) => ({
      id: claims.sub,
      email: claims.email ?? null,
      name: claims.name ?? claims.preferred_username ?? null,
    }),
  };
}

export type OidcIdentity =
  | { ok: true; sub: string; email: string; name: string | null }
  | { ok: false; reason: "wrong_issuer" | "no_email" | "unverified_email" };

/** The ID token's claims as the sign-in callback receives them, checked (see the file comment). */
export function oidcIdentity(claims: unknown, issuer: string): OidcIdentity {
  const c = (typeof claims === "object" && claims !== null ? claims : {}) as Record<string, unknown>;
  if (typeof c.iss !== "string" || trimSlash(c.iss) !== trimSlash(issuer))
    return { ok: false, reason: "wrong_issuer" };
  const email = typeof c.email === "string" ? c.email.trim().toLowerCase() : "";
  if (!email || email.length > 254 || typeof c.sub !== "string" || !c.sub)
    return { ok: false, reason: "no_email" };
  // Only a literal true: some providers send "true" as a string or omit the claim for unverified.
  if (c.email_verified !== true) return { ok: false, reason: "unverified_email" };
  const name = typeof c.name === "string" ? c.name.slice(0, 100) : null;
  return { ok: true, sub: c.sub, email, name };
}

/** OIDC_REQUIRED_DOMAINS as a lower-case list (empty unless SSO is configured). */
export function requiredSsoDomains(): string[] {
  if (!oidcSettings()) return [];
  return (envStrOpt("OIDC_REQUIRED_DOMAINS") ?? "")
    .split(",")
    .map((d) => d.trim().toLowerCase().replace(/^@/, ""))
    .filter(Boolean);
}

/** Whether this address must sign in with SSO (password sign-in, sign-up and GitHub refused). */
export function ssoRequiredFor(email: string): boolean {
  const at = email.lastIndexOf("@");
  if (at < 0) return false;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  return requiredSsoDomains().includes(domain);
}

export const SSO_REQUIRED_MESSAGE = (name: string) =>
  `Accounts with this email domain sign in with single sign-on: use "Continue with ${name}".`;
