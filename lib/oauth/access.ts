import { InvalidTokenError, ServerError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { db } from "../platform/db";
import type { Caller } from "../keys/caller";
import { READ_SCOPES } from "../keys/scope-names";
import { prefixOf } from "../keys/store";
import { verifyKeyState } from "../keys/verify";
import { logDebug } from "../platform/log";
import { perProcess } from "../platform/process-state";
import { grantById, tokenByHash } from "./store";
import { ACCESS_PATTERN, tokenHash } from "./tokens";

/** What an access token stands for, loaded by its hash. */
interface TokenRecord {
  grantId: string;
  clientId: string;
  resource: string;
  /** ms since epoch */
  expiresAt: number;
  keyPrefix: string;
}

type Entry = { value: TokenRecord | null; until: number };

/**
 * Token rows are cached for 900 ms. Revoking an access token (/oauth/revoke) or a whole grant
 * deletes the token rows and drops them from this process's cache at once, and a load that was
 * under way then is not cached (the epoch), so the revocation holds on this instance immediately
 * and on every other one within the TTL: under 1 s for every token kind (refresh tokens and codes
 * are read from the database on each use, never cached).
 */
const TTL_MS = 900;
const MAX_ENTRIES = 20_000;
const TOUCH_EVERY_MS = 60_000;
const state = perProcess("oauthAccessTokens", () => ({
  cache: new Map<string, Entry>(),
  touched: new Map<string, number>(),
  epoch: 0,
}));

async function load(hash: string): Promise<TokenRecord | null> {
  const token = await tokenByHash(db, hash);
  if (!token || token.kind !== "access") return null;
  const grant = await grantById(db, token.grantId);
  if (!grant || grant.status !== "active" || !grant.apiKeyId) return null;
  const keyPrefix = await prefixOf(db, grant.apiKeyId);
  if (!keyPrefix) return null;
  return {
    grantId: grant.id,
    clientId: grant.clientId,
    resource: grant.resource,
    expiresAt: token.expiresAt.getTime(),
    keyPrefix,
  };
}

async function record(hash: string): Promise<TokenRecord | null> {
  const now = Date.now();
  const hit = state.cache.get(hash);
  if (hit && hit.until > now) return hit.value;
  const epoch = state.epoch;
  const value = await load(hash);
  // A revocation during the load may have deleted the row after it was read: not cached.
  if (epoch !== state.epoch) return value;
  state.cache.set(hash, { value, until: now + TTL_MS });
  if (state.cache.size > MAX_ENTRIES) state.cache.delete(state.cache.keys().next().value!);
  return value;
}

/** "Connected apps" shows when a client last called: written at most once a minute per grant. */
function touch(grantId: string) {
  const now = Date.now();
  if ((state.touched.get(grantId) ?? 0) > now - TOUCH_EVERY_MS) return;
  state.touched.set(grantId, now);
  if (state.touched.size > MAX_ENTRIES) state.touched.clear();
  db.oAuthGrant
    .update({ where: { id: grantId }, data: { lastUsedAt: new Date(now) } })
    .catch((err: unknown) =>
      logDebug("oauth grant last-use not written", { reason: (err as Error).message }),
    );
}

export interface McpPrincipal {
  caller: Caller;
  grantId: string;
}

/**
 * An access token of /mcp to the key-like principal it stands for: refused (401 invalid_token,
 * RFC 6750 §3.1) when unknown, expired, issued for another resource (RFC 8707 audience) or when
 * its grant or key was revoked, disabled or expired.
 */
export async function verifyAccessToken(token: string, expectedResource: string): Promise<AuthInfo> {
  if (!ACCESS_PATTERN.test(token)) throw new InvalidTokenError("Invalid access token");
  const found = await record(tokenHash(token));
  if (!found) throw new InvalidTokenError("Invalid access token");
  if (found.expiresAt <= Date.now()) throw new InvalidTokenError("Access token expired");
  if (found.resource.replace(/\/$/, "") !== expectedResource.replace(/\/$/, ""))
    throw new InvalidTokenError("Token was not issued for this resource");
  const pending = verifyKeyState(found.keyPrefix);
  const verified = pending instanceof Promise ? await pending : pending;
  if (!verified.ok) {
    if (verified.failure.reason === "backend_unavailable")
      throw new ServerError("The key-validation backend is unavailable; retry with back-off");
    throw new InvalidTokenError("This connection was revoked, disabled or has expired");
  }
  touch(found.grantId);
  const principal: McpPrincipal = { caller: verified.caller, grantId: found.grantId };
  const scopes = verified.caller.restrictions?.scopes;
  return {
    token,
    clientId: found.clientId,
    scopes: scopes ? [...scopes] : [...READ_SCOPES],
    expiresAt: Math.floor(found.expiresAt / 1000),
    resource: new URL(found.resource),
    extra: { principal },
  };
}

/** Drops cached token rows of this process (after a revocation here). */
export function forgetAccessTokens(): void {
  state.epoch++;
  state.cache.clear();
}

/** Drops one cached access token of this process (after /oauth/revoke of it here). */
export function forgetAccessToken(hash: string): void {
  state.epoch++;
  state.cache.delete(hash);
}
