import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findOrCreateUser } from "../../lib/accounts/users";
import { createApiKey } from "../../lib/keys/service";
import { keyPageOf } from "../../lib/keys/views";
import type { Role } from "../../lib/workspaces/permissions";
import { sqliteTestDb, type TestDb } from "../support/databases";

// A key's own page (/dashboard/keys/[id]): every member reads any key of the workspace; the
// actions are offered as the role allows (a developer: the keys they created); another
// workspace's key is the same 404 as an unknown id.
describe("the key page's answer", () => {
  let t: TestDb;
  const people = {} as Record<Role | "outsider", { id: string; accountId: string }>;
  let ownerKey: string;
  let devKey: string;
  let foreignKey: string;
  beforeAll(async () => {
    t = await sqliteTestDb();
    for (const who of ["owner", "admin", "developer", "viewer", "outsider"] as const)
      people[who] = await findOrCreateUser(t.db, `${who}@key-page.example.com`);
    const A = people.owner.accountId;
    for (const role of ["admin", "developer", "viewer"] as const)
      await t.db.membership.create({ data: { userId: people[role].id, accountId: A, role } });
    const key = async (accountId: string, createdById: string) =>
      (await createApiKey(t.db, { accountId, name: "k", environment: "test", createdById })).record.id;
    ownerKey = await key(A, people.owner.id);
    devKey = await key(A, people.developer.id);
    foreignKey = await key(people.outsider.accountId, people.outsider.id);
  });
  afterAll(() => t?.drop());

  const viewer = (role: Role) => ({ id: people[role].id, accountId: people.owner.accountId, role });

  it("lets every role read; offers actions to owners and admins on any key, a developer on their own", async () => {
    const may = async (role: Role, id: string) => (await keyPageOf(t.db, viewer(role), id)).mayManage;
    expect(await may("owner", devKey)).toBe(true);
    expect(await may("admin", ownerKey)).toBe(true);
    expect(await may("developer", devKey)).toBe(true);
    expect(await may("developer", ownerKey)).toBe(false);
    expect(await may("viewer", devKey)).toBe(false);
    expect((await keyPageOf(t.db, viewer("viewer"), ownerKey)).key).toMatchObject({
      id: ownerKey,
      name: "k",
    });
  });

  it("answers 404 alike for another workspace's key and an unknown id", async () => {
    for (const id of [foreignKey, "no-such-key"])
      await expect(keyPageOf(t.db, viewer("owner"), id)).rejects.toMatchObject({
        code: "NOT_FOUND",
        message: "API key not found",
      });
  });
});
