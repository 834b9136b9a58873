import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findOrCreateUser } from "../../lib/accounts/users";
import { acceptInvitation, signUpByInvitation } from "../../lib/workspaces/accept";
import {
  createInvitation,
  hashInviteToken,
  INVITE_TTL_MS,
  listPendingInvitations,
  openInvitation,
  revokeInvitation,
} from "../../lib/workspaces/invitations";
import { changeRole, removeMember } from "../../lib/workspaces/members";
import { roleIn } from "../../lib/workspaces/store";
import { sqliteTestDb, type TestDb } from "../support/databases";

const origin = { ip: "203.0.113.9", userAgent: "test" };

describe("invitations", () => {
  let t: TestDb;
  let owner: { id: string; accountId: string };
  const actor = () => ({ userId: owner.id, accountId: owner.accountId, role: "owner" as const });
  const invite = async (
    email: string,
    role: "admin" | "developer" | "viewer",
    delivery: "mail" | "copy" = "mail",
  ) => {
    const made = await createInvitation(t.db, actor(), { email, role, delivery }, origin);
    if (!made.ok) throw new Error(made.message);
    return made.value;
  };
  beforeAll(async () => {
    t = await sqliteTestDb();
    owner = await findOrCreateUser(t.db, "owner@inv.example.com");
  });
  afterAll(() => t?.drop());

  it("stores only the token's hash and lists the invitation as pending", async () => {
    const { id, token } = await invite("a@inv.example.com", "developer");
    const row = await t.db.invitation.findUniqueOrThrow({ where: { id } });
    expect(row.tokenHash).toBe(hashInviteToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(INVITE_TTL_MS - 5_000);
    expect((await listPendingInvitations(t.db, owner.accountId)).map((i) => i.email)).toContain(
      "a@inv.example.com",
    );
  });

  it("signs up through a mailed link once: verified, a member with the role; the link is then used", async () => {
    const { token } = await invite("new@inv.example.com", "developer");
    const joined = await signUpByInvitation(t.db, token, { password: "x".repeat(12) }, origin);
    expect(joined).toMatchObject({ ok: true, accountId: owner.accountId });
    const user = await t.db.user.findUniqueOrThrow({ where: { email: "new@inv.example.com" } });
    expect(user.emailVerified).not.toBeNull();
    expect(await roleIn(t.db, user.id, owner.accountId)).toBe("developer");
    expect(await roleIn(t.db, user.id, user.accountId)).toBe("owner");
    expect(await signUpByInvitation(t.db, token, { password: "y".repeat(12) }, origin)).toEqual({
      ok: false,
      reason: "used",
    });
    expect(await openInvitation(t.db, token)).toEqual({ ok: false, reason: "used" });
  });

  it("leaves an account made through a copied link unverified", async () => {
    const { token } = await invite("copied@inv.example.com", "viewer", "copy");
    expect((await signUpByInvitation(t.db, token, { password: "x".repeat(12) }, origin)).ok).toBe(true);
    const user = await t.db.user.findUniqueOrThrow({ where: { email: "copied@inv.example.com" } });
    expect(user.emailVerified).toBeNull();
  });

  it("refuses revoked, expired, other-address and unverified acceptances, each for its reason", async () => {
    const revoked = await invite("r@inv.example.com", "viewer");
    expect(await revokeInvitation(t.db, actor(), revoked.id, origin)).toBe(true);
    expect(await openInvitation(t.db, revoked.token)).toEqual({ ok: false, reason: "revoked" });

    const expired = await invite("e@inv.example.com", "viewer");
    expect(await openInvitation(t.db, expired.token, Date.now() + INVITE_TTL_MS + 1000)).toEqual({
      ok: false,
      reason: "expired",
    });

    const other = await findOrCreateUser(t.db, "other@inv.example.com");
    await t.db.user.update({ where: { id: other.id }, data: { emailVerified: new Date() } });
    const forSomeoneElse = await invite("someone@inv.example.com", "viewer");
    expect(await acceptInvitation(t.db, forSomeoneElse.token, other, origin)).toEqual({
      ok: false,
      reason: "other_address",
    });

    const unverified = await findOrCreateUser(t.db, "unverified@inv.example.com");
    const toUnverified = await invite("unverified@inv.example.com", "viewer");
    expect(await acceptInvitation(t.db, toUnverified.token, unverified, origin)).toEqual({
      ok: false,
      reason: "unverified",
    });
    await t.db.user.update({ where: { id: unverified.id }, data: { emailVerified: new Date() } });
    expect(await acceptInvitation(t.db, toUnverified.token, unverified, origin)).toMatchObject({ ok: true });
    expect(await openInvitation(t.db, "garbage-token-that-is-long-enough")).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("refuses an admin inviting an owner and keeps the last owner", async () => {
    const admin = { userId: "x", accountId: owner.accountId, role: "admin" as const };
    const made = await createInvitation(
      t.db,
      admin,
      { email: "boss@inv.example.com", role: "owner", delivery: "mail" },
      origin,
    );
    expect(made.ok).toBe(false);
    expect(await changeRole(t.db, actor(), owner.id, "admin", origin)).toMatchObject({
      ok: false,
      code: "CONFLICT",
    });
    expect(await removeMember(t.db, actor(), owner.id, { revokeKeys: false }, origin)).toMatchObject({
      ok: false,
      code: "CONFLICT",
    });
    const actions = (await t.db.auditEvent.findMany({ where: { accountId: owner.accountId } })).map(
      (e) => e.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining(["member.invited", "member.joined", "member.invitation_revoked"]),
    );
  });
});
