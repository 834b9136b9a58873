import type { Db, DbOrTx } from "../platform/db";
import { isRole, type Role } from "./permissions";

/**
 * Memberships: who belongs to which workspace (an Account) with which role. The dashboard resolves
 * the signed-in user's active workspace here on every request, so a removed member's next request
 * is refused whatever their cookie says.
 */
export interface WorkspaceRef {
  id: string;
  name: string;
  role: Role;
}

const asRole = (role: string): Role => (isRole(role) ? role : "viewer");

/** The user's role in the workspace, or null when not a member. */
export async function roleIn(db: DbOrTx, userId: string, accountId: string): Promise<Role | null> {
  const row = await db.membership.findUnique({
    where: { userId_accountId: { userId, accountId } },
    select: { role: true },
  });
  return row ? asRole(row.role) : null;
}

/** The workspaces a user belongs to, their own first, then by name. */
export async function listWorkspaces(db: Db, userId: string, homeId: string): Promise<WorkspaceRef[]> {
  const rows = await db.membership.findMany({
    where: { userId },
    select: { role: true, account: { select: { id: true, name: true } } },
    orderBy: { createdAt: "asc" },
    take: 200,
  });
  const list = rows.map((r) => ({ id: r.account.id, name: r.account.name, role: asRole(r.role) }));
  return list.sort(
    (a, b) => Number(b.id === homeId) - Number(a.id === homeId) || a.name.localeCompare(b.name),
  );
}

/** Adds the user as owner of a workspace created with them (sign-up, CLI, SSO, GitHub). */
export function addOwner(db: DbOrTx, userId: string, accountId: string) {
  return db.membership.upsert({
    where: { userId_accountId: { userId, accountId } },
    create: { userId, accountId, role: "owner" },
    update: {},
  });
}

/**
 * The workspace a request acts in: the one the URL names (null when the user is not a member: the
 * caller answers 404), or else the user's own, or else the first they belong to. A user whose own
 * workspace has no member at all (created by a path that predates memberships) becomes its owner.
 */
export async function resolveWorkspace(
  db: Db,
  user: { id: string; accountId: string },
  requested: string | null,
): Promise<{ accountId: string; role: Role } | null> {
  if (requested) {
    const role = await roleIn(db, user.id, requested);
    return role ? { accountId: requested, role } : null;
  }
  const home = await roleIn(db, user.id, user.accountId);
  if (home) return { accountId: user.accountId, role: home };
  const first = await db.membership.findFirst({
    where: { userId: user.id },
    orderBy: { createdAt: "asc" },
    select: { accountId: true, role: true },
  });
  if (first) return { accountId: first.accountId, role: asRole(first.role) };
  if ((await db.membership.count({ where: { accountId: user.accountId } })) === 0) {
    // Two first requests racing: the unique pair keeps one row; the loser's insert error is moot.
    await addOwner(db, user.id, user.accountId).catch(() => undefined);
    const role = await roleIn(db, user.id, user.accountId);
    return role ? { accountId: user.accountId, role } : null;
  }
  return null;
}

export interface MemberView {
  userId: string;
  email: string;
  name: string | null;
  role: Role;
  joinedAt: string;
  keysCreated: number;
}

/** A workspace's members, owners first, then by email. */
export async function listMembers(db: Db, accountId: string): Promise<MemberView[]> {
  const rows = await db.membership.findMany({
    where: { accountId },
    select: { role: true, createdAt: true, user: { select: { id: true, email: true, name: true } } },
    take: 1000,
  });
  const keys = await db.apiKey.groupBy({
    by: ["createdById"],
    where: { accountId, revokedAt: null, createdById: { in: rows.map((r) => r.user.id) } },
    _count: { _all: true },
  });
  const count = new Map(keys.map((k) => [k.createdById, k._count._all]));
  const rank = (r: Role) => ["owner", "admin", "developer", "viewer"].indexOf(r);
  return rows
    .map((r) => ({
      userId: r.user.id,
      email: r.user.email,
      name: r.user.name,
      role: asRole(r.role),
      joinedAt: r.createdAt.toISOString(),
      keysCreated: count.get(r.user.id) ?? 0,
    }))
    .sort((a, b) => rank(a.role) - rank(b.role) || a.email.localeCompare(b.email));
}

export interface WorkspaceSummary {
  id: string;
  name: string;
  /** The user whose own workspace this is (created with their account): it cannot be deleted. */
  homeOf: string | null;
}

export async function workspaceSummary(db: Db, accountId: string): Promise<WorkspaceSummary> {
  const [account, home] = await Promise.all([
    db.account.findUniqueOrThrow({ where: { id: accountId }, select: { id: true, name: true } }),
    db.user.findFirst({ where: { accountId }, select: { email: true } }),
  ]);
  return { ...account, homeOf: home?.email ?? null };
}

/** How many owners a workspace has (read inside the transaction that would remove one). */
export const ownerCount = (db: DbOrTx, accountId: string) =>
  db.membership.count({ where: { accountId, role: "owner" } });

/** The creator of one of the workspace's keys: undefined when no such key, null when unknown. */
export async function keyCreator(
  db: Db,
  accountId: string,
  keyId: string,
): Promise<string | null | undefined> {
  const row = await db.apiKey.findFirst({ where: { id: keyId, accountId }, select: { createdById: true } });
  return row ? row.createdById : undefined;
}

/** The user behind one of the workspace's connected apps (OAuth grants act for the approver). */
export async function grantOwner(
  db: Db,
  accountId: string,
  grantId: string,
): Promise<string | null | undefined> {
  const row = await db.oAuthGrant.findFirst({
    where: { id: grantId, accountId },
    select: { approvedById: true },
  });
  return row ? row.approvedById : undefined;
}

/** Adds a membership with `role` unless the user already has one there. */
export function addMember(db: DbOrTx, userId: string, accountId: string, role: Role) {
  return db.membership.upsert({
    where: { userId_accountId: { userId, accountId } },
    create: { userId, accountId, role },
    update: {},
  });
}

export async function setMemberRole(
  db: DbOrTx,
  userId: string,
  accountId: string,
  role: Role,
): Promise<void> {
  await db.membership.update({ where: { userId_accountId: { userId, accountId } }, data: { role } });
}

export async function deleteMember(db: DbOrTx, userId: string, accountId: string): Promise<void> {
  await db.membership.delete({ where: { userId_accountId: { userId, accountId } } });
}

/** Whether a user with this email is a member of the workspace. */
export async function isMemberByEmail(db: Db, accountId: string, email: string): Promise<boolean> {
  const row = await db.membership.findFirst({ where: { accountId, user: { email } }, select: { id: true } });
  return row !== null;
}

/** Ids of the workspace's unrevoked keys created by this user. */
export async function keysCreatedBy(db: Db, accountId: string, userId: string): Promise<string[]> {
  const rows = await db.apiKey.findMany({
    where: { accountId, createdById: userId, revokedAt: null },
    select: { id: true },
  });
  return rows.map((k) => k.id);
}

type InvitationCreateData = Parameters<Db["invitation"]["create"]>[0]["data"];

/** The workspace's invitations still open at `now`, newest first. */
export const openInvitations = (db: Db, accountId: string, now: Date, take: number) =>
  db.invitation.findMany({
    where: { accountId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
    orderBy: { createdAt: "desc" },
    include: { invitedBy: { select: { email: true } } },
    take,
  });

/** Revokes the pending invitations of an address to the workspace (a new one replaces them). */
export async function revokePendingFor(
  db: DbOrTx,
  accountId: string,
  email: string,
  at: Date,
): Promise<void> {
  await db.invitation.updateMany({
    where: { accountId, email, acceptedAt: null, revokedAt: null },
    data: { revokedAt: at },
  });
}

export const insertInvitation = (db: DbOrTx, data: InvitationCreateData) =>
  db.invitation.create({ data, include: { account: { select: { name: true } } } });

/** Revokes one open invitation of the workspace; its address and role, or null when none was open. */
export async function revokeInvitation(
  db: DbOrTx,
  accountId: string,
  id: string,
  at: Date,
): Promise<{ email: string; role: string } | null> {
  const done = await db.invitation.updateMany({
    where: { id, accountId, acceptedAt: null, revokedAt: null },
    data: { revokedAt: at },
  });
  if (done.count !== 1) return null;
  return db.invitation.findUniqueOrThrow({ where: { id }, select: { email: true, role: true } });
}

/** One open invitation of the workspace (not accepted or revoked; expired ones may be sent again). */
export const pendingInvitation = (db: Db, accountId: string, id: string) =>
  db.invitation.findFirst({
    where: { id, accountId, acceptedAt: null, revokedAt: null },
    select: { email: true, role: true },
  });

export const invitationByTokenHash = (db: Db, tokenHash: string) =>
  db.invitation.findUnique({ where: { tokenHash }, include: { account: { select: { name: true } } } });

/** Spends an open invitation in one UPDATE; true for the one caller that spent it. */
export async function spendInvitation(db: DbOrTx, id: string, userId: string, now: Date): Promise<boolean> {
  const spent = await db.invitation.updateMany({
    where: { id, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
    data: { acceptedAt: now, acceptedById: userId },
  });
  return spent.count === 1;
}
