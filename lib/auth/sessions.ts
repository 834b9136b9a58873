import { createHash, randomBytes } from "node:crypto";
import { recordAudit } from "../audit/store";
import type { Db } from "../platform/db";
import { perProcess } from "../platform/process-state";
import { envInt } from "../platform/config";
import * as store from "./store/sessions";

/**
 * Server-side sessions behind next-auth's JWT cookie. The JWT carries a random session id; the
 * table keeps only its SHA-256, so a database leak yields no usable cookie. Deleting the row ends
 * the session everywhere: the jwt callback refuses a token whose row is gone, next-auth then clears
 * the cookie and /api/auth/session stops renewing it.
 */
export const SESSION_MAX_AGE_S = 7 * 24 * 3600;
/** Absolute lifetime: a session ends 30 days after sign-in however active it stays. */
export const SESSION_ABSOLUTE_MAX_S = 30 * 24 * 3600;

// A check hits the database at most once per CHECK_TTL_MS per session and process (a dashboard
// page load asks several times); revocation in this process drops the entry at once, other
// instances see it within CHECK_TTL_MS.
const CHECK_TTL_MS = envInt("SESSION_CHECK_TTL_MS");
// lastSeenAt is written at most once a minute per session.
const TOUCH_EVERY_MS = 60_000;

export const hashSessionId = (sid: string) => createHash("sha256").update(sid).digest("base64url");

export interface SessionMeta {
  ip: string | null;
  userAgent: string | null;
}

interface Checked {
  id: string;
  userId: string;
  checkedAt: number;
  lastSeenAt: number;
  createdAt: number;
}

const cache = perProcess("session-check", () => new Map<string, Checked>());

/** Starts a session for a user who just signed in; returns the id for the JWT (never stored). */
export async function createSession(db: Db, userId: string, meta: SessionMeta) {
  const sid = randomBytes(32).toString("base64url");
  const cutoff = new Date(Date.now() - SESSION_MAX_AGE_S * 1000);
  await store.deleteIdleSessions(db, userId, cutoff);
  const row = await store.insertSession(db, {
    userId,
    tokenHash: hashSessionId(sid),
    ip: meta.ip?.slice(0, 64) ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return { sid, id: row.id };
}

/** The live session behind a JWT's id (row id and user), or null when it was revoked or expired. */
export async function activeSession(
  db: Db,
  sid: unknown,
  meta: SessionMeta,
  now = Date.now(),
): Promise<{ id: string; userId: string } | null> {
  if (typeof sid !== "string" || sid.length < 32 || sid.length > 64) return null;
  const tokenHash = hashSessionId(sid);
  const hit = cache.get(tokenHash);
  if (hit && now - hit.checkedAt < CHECK_TTL_MS && hit.createdAt > now - SESSION_ABSOLUTE_MAX_S * 1000)
    return { id: hit.id, userId: hit.userId };
  const row = await store.sessionByTokenHash(db, tokenHash);
  if (
    !row ||
    row.lastSeenAt.getTime() < now - SESSION_MAX_AGE_S * 1000 ||
    row.createdAt.getTime() < now - SESSION_ABSOLUTE_MAX_S * 1000
  ) {
    cache.delete(tokenHash);
    return null;
  }
  let lastSeenAt = row.lastSeenAt.getTime();
  if (now - lastSeenAt > TOUCH_EVERY_MS) {
    lastSeenAt = now;
    await store
      .touchSession(db, row.id, new Date(now), meta.ip ? meta.ip.slice(0, 64) : null)
      .catch(() => undefined);
  }
  if (cache.size > 10_000) cache.clear();
  cache.set(tokenHash, {
    id: row.id,
    userId: row.userId,
    checkedAt: now,
    lastSeenAt,
    createdAt: row.createdAt.getTime(),
  });
  return { id: row.id, userId: row.userId };
}

export interface SessionView {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  ip: string | null;
  userAgent: string | null;
  current: boolean;
}

export async function listSessions(db: Db, userId: string, currentId: string | null): Promise<SessionView[]> {
  const cutoff = new Date(Date.now() - SESSION_MAX_AGE_S * 1000);
  const born = new Date(Date.now() - SESSION_ABSOLUTE_MAX_S * 1000);
  const rows = await store.liveSessionsOf(db, userId, cutoff, born, 100);
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    ip: r.ip,
    userAgent: r.userAgent,
    current: r.id === currentId,
  }));
}

function forget(ids: Set<string>) {
  for (const [hash, c] of cache) if (ids.has(c.id)) cache.delete(hash);
}

/** Ends every session of a user but `keepId` (a password change or reset); returns how many. */
export async function endOtherSessions(db: Db, userId: string, keepId: string | null): Promise<number> {
  const ids = await store.sessionIdsOf(db, userId, { except: keepId });
  await store.deleteSessions(db, ids);
  forget(new Set(ids));
  return ids.length;
}

/** Ends the session whose JWT id this is (sign-out). */
export async function endSessionBySid(db: Db, sid: unknown): Promise<void> {
  if (typeof sid !== "string") return;
  const tokenHash = hashSessionId(sid);
  cache.delete(tokenHash);
  await store.deleteSessionByTokenHash(db, tokenHash);
}

interface Actor {
  userId: string;
  accountId: string;
  ip: string | null;
  userAgent: string | null;
}

/** Revokes one of the user's sessions, or all of them (`id` null); returns how many ended. */
export async function revokeSessions(db: Db, actor: Actor, id: string | null): Promise<number> {
  return db.$transaction(async (tx) => {
    const ids = await store.sessionIdsOf(tx, actor.userId, { only: id });
    if (ids.length === 0) return 0;
    await store.deleteSessions(tx, ids);
    await recordAudit(tx, {
      accountId: actor.accountId,
      actorUserId: actor.userId,
      action: id ? "session.revoked" : "session.revoked_all",
      targetType: "session",
      targetId: id ?? actor.userId,
      detail: id ? "" : `${ids.length} sessions`,
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    forget(new Set(ids));
    return ids.length;
  });
}
