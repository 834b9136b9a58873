import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findOrCreateUser } from "../../lib/accounts/users";
import type { Db } from "../../lib/platform/db/client";
import { createApiKey } from "../../lib/keys/service";
import { openInvitation, revokeInvitation } from "../../lib/workspaces/invitations";
import { inviteMember, resendInvitation } from "../../lib/workspaces/invite";
import {
  createWorkspace,
  deleteWorkspace,
  renameWorkspace,
  transferOwnership,
} from "../../lib/workspaces/lifecycle";
import { removeMember } from "../../lib/workspaces/members";
import type { Role } from "../../lib/workspaces/permissions";
import { roleIn } from "../../lib/workspaces/store";
import { sqliteTestDb, type TestDb } from "../support/databases";
import { decodedBody, mailbox, waitFor } from "../support/mailbox";

const origin = { ip: "203.0.113.9", userAgent: "test" };
const box = mailbox();

/** The mail to `to` whose subject contains `subject`, once it arrived. */
const mailTo = (to: string, subject: string) =>
  waitFor(() => box.messages.find((m) => m.to.includes(to) && decodedBody(m.raw).includes(subject)));

describe("a workspace's life", () => {
  let t: TestDb;
  let db: Db;
  const people = {} as Record<Role, { id: string; email: string; accountId: string }>;
  let team: string;
  const actor = (role: Role) => ({ userId: people[role].id, accountId: team, role });
  const audits = async (action: string) =>
    db.auditEvent.findMany({ where: { accountId: team, action }, orderBy: { createdAt: "asc" } });

  beforeAll(async () => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${await box.listening}`;
    process.env.NEXTAUTH_URL = "http://statline.test";
    t = await sqliteTestDb();
    db = t.db;
    for (const role of ["owner", "admin", "developer", "viewer"] as const) {
      const user = await findOrCreateUser(db, `${role}@life.example.com`);
      people[role] = { id: user.id, email: `${role}@life.example.com`, accountId: user.accountId };
    }
    team = (await createWorkspace(db, people.owner.id, "Acme team", origin)).id;
    for (const role of ["admin", "developer", "viewer"] as const)
      await db.membership.create({ data: { userId: people[role].id, accountId: team, role } });
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    delete process.env.NEXTAUTH_URL;
    await t?.drop();
    await box.close();
  });

  it("makes the creator the owner of a new workspace, audited", async () => {
    expect(await roleIn(db, people.owner.id, team)).toBe("owner");
    expect((await audits("workspace.created")).map((a) => a.actorUserId)).toEqual([people.owner.id]);
  });

  it("lets owners and admins rename, refuses developers and viewers, audits the change", async () => {
    for (const role of ["developer", "viewer"] as const)
      expect(await renameWorkspace(db, actor(role), "Nope", origin)).toMatchObject({
        ok: false,
        code: "FORBIDDEN",
      });
    expect(await renameWorkspace(db, actor("admin"), "Acme", origin)).toEqual({
      ok: true,
      value: { name: "Acme" },
    });
    expect((await db.account.findUniqueOrThrow({ where: { id: team } })).name).toBe("Acme");
    expect((await audits("workspace.renamed")).map((a) => a.detail)).toEqual(["Acme team → Acme"]);
  });

  it("sends an invitation again with a new link, the old one refused; rate-limited; revoke ends it", async () => {
    const inviter = { ...actor("admin"), email: people.admin.email };
    const first = await inviteMember(
      db,
      inviter,
      { email: "new@life.example.com", role: "viewer" },
      origin,
      "x",
    );
    const firstLink = decodedBody((await mailTo("new@life.example.com", "invited you")).raw);
    const oldToken = /token=([\w-]+)/.exec(firstLink)![1];
    expect((await openInvitation(db, oldToken)).ok).toBe(true);

    const again = await resendInvitation(db, inviter, first.id, origin, "x");
    expect(again.id).not.toBe(first.id);
    const mails = await waitFor(() => {
      const got = box.messages.filter((m) => m.to.includes("new@life.example.com"));
      return got.length === 2 ? got : undefined;
    });
    const newToken = /token=([\w-]+)/.exec(decodedBody(mails[1].raw))![1];
    expect(newToken).not.toBe(oldToken);
    expect(await openInvitation(db, oldToken)).toEqual({ ok: false, reason: "revoked" });
    expect(await openInvitation(db, newToken)).toMatchObject({ ok: true, value: { role: "viewer" } });
    expect((await audits("member.invitation_resent")).map((a) => a.targetId)).toEqual([again.id]);

    await expect(resendInvitation(db, inviter, again.id, origin, "x")).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
    await expect(resendInvitation(db, inviter, first.id, origin, "x")).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await revokeInvitation(db, inviter, again.id, origin)).toBe(true);
    expect(await openInvitation(db, newToken)).toEqual({ ok: false, reason: "revoked" });
  });

  it("hands ownership over only from an owner, re-roles both, audits and mails both parties", async () => {
    expect(await transferOwnership(db, actor("admin"), people.developer.id, origin)).toMatchObject({
      ok: false,
      code: "FORBIDDEN",
    });
    expect(await transferOwnership(db, actor("owner"), "no-such-user", origin)).toMatchObject({
      ok: false,
      code: "NOT_FOUND",
    });
    expect(await transferOwnership(db, actor("owner"), people.developer.id, origin)).toEqual({
      ok: true,
      value: { owner: people.developer.email },
    });
    expect(await roleIn(db, people.developer.id, team)).toBe("owner");
    expect(await roleIn(db, people.owner.id, team)).toBe("admin");
    expect((await audits("workspace.transferred")).map((a) => a.targetId)).toEqual([people.developer.id]);
    await mailTo(people.developer.email, "You are now the owner of Acme");
    await mailTo(people.owner.email, `You transferred Acme to ${people.developer.email}`);
  });

  it("mails the person removed and the person who left", async () => {
    const extra = await findOrCreateUser(db, "extra@life.example.com");
    await db.membership.create({ data: { userId: extra.id, accountId: team, role: "viewer" } });
    const removed = await removeMember(db, actor("admin"), extra.id, { revokeKeys: false }, origin);
    expect(removed.ok).toBe(true);
    expect(decodedBody((await mailTo("extra@life.example.com", "removed you from")).raw)).toContain(
      `${people.admin.email} removed you from the workspace "Acme"`,
    );
    const left = await removeMember(db, actor("viewer"), people.viewer.id, { revokeKeys: false }, origin);
    expect(left.ok).toBe(true);
    await mailTo(people.viewer.email, "You left the workspace");
    expect((await audits("member.left")).map((a) => a.targetId)).toEqual([people.viewer.id]);
  });

  it("refuses to delete a user's own workspace, a wrong name and a non-owner", async () => {
    const home = { userId: people.owner.id, accountId: people.owner.accountId, role: "owner" as const };
    const ownName = (await db.account.findUniqueOrThrow({ where: { id: home.accountId } })).name;
    expect(await deleteWorkspace(db, home, ownName, origin)).toMatchObject({ ok: false, code: "CONFLICT" });
    expect(await deleteWorkspace(db, actor("admin"), "Acme", origin)).toMatchObject({
      ok: false,
      code: "FORBIDDEN",
    });
    const owner = { userId: people.developer.id, accountId: team, role: "owner" as const };
    expect(await deleteWorkspace(db, owner, "acme", origin)).toMatchObject({
      ok: false,
      code: "INVALID_PARAMETER",
    });
    expect(await db.membership.count({ where: { accountId: team } })).toBe(3);
  });

  it("deletes: keys revoked, webhooks stopped, invitations revoked, members removed and mailed, audited", async () => {
    const owner = { userId: people.developer.id, accountId: team, role: "owner" as const };
    const key = await createApiKey(db, {
      accountId: team,
      name: "k",
      environment: "test",
      createdById: owner.userId,
    });
    await db.webhookEndpoint.create({
      data: { accountId: team, url: "https://hooks.example.com/x", secret: "whsec_x" },
    });
    const pending = await inviteMember(
      db,
      { ...owner, email: people.developer.email },
      { email: "late@life.example.com", role: "viewer" },
      origin,
      "x",
    );
    const members = (
      await db.membership.findMany({ where: { accountId: team }, include: { user: true } })
    ).map((m) => m.user.email);
    expect(await deleteWorkspace(db, owner, " Acme ", origin)).toEqual({
      ok: true,
      value: { keysRevoked: 1, webhooksStopped: 1, membersRemoved: 3 },
    });
    expect(await db.apiKey.findUniqueOrThrow({ where: { id: key.record.id } })).toMatchObject({
      revokedById: owner.userId,
    });
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: key.record.id } })).revokedAt).not.toBeNull();
    expect(
      (await db.webhookEndpoint.findFirstOrThrow({ where: { accountId: team } })).disabledAt,
    ).not.toBeNull();
    expect((await db.invitation.findUniqueOrThrow({ where: { id: pending.id } })).revokedAt).not.toBeNull();
    expect(await db.membership.count({ where: { accountId: team } })).toBe(0);
    expect((await audits("workspace.deleted")).map((a) => a.actorUserId)).toEqual([owner.userId]);
    for (const to of members) await mailTo(to, "Acme was deleted on Statline");
  });
});
