import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findOrCreateUser } from "../../lib/accounts/users";
import { memberFor } from "../../lib/workspaces/cli";
import { sqliteTestDb, type TestDb } from "../support/databases";

describe("CLI commands act in a workspace by the person's role", () => {
  let t: TestDb;
  const users = {} as Record<
    "owner" | "viewer" | "developer" | "outsider",
    { id: string; email: string; accountId: string }
  >;
  beforeAll(async () => {
    t = await sqliteTestDb();
    for (const who of ["owner", "viewer", "developer", "outsider"] as const)
      users[who] = await findOrCreateUser(t.db, `${who}@cli.example.com`);
    for (const role of ["viewer", "developer"] as const)
      await t.db.membership.create({
        data: { userId: users[role].id, accountId: users.owner.accountId, role },
      });
  });
  afterAll(() => t?.drop());

  it("lets a developer create keys in the workspace and refuses a viewer and a stranger", async () => {
    const ws = users.owner.accountId;
    expect(await memberFor(t.db, users.developer, ws, "keys.create")).toEqual({
      accountId: ws,
      role: "developer",
    });
    await expect(memberFor(t.db, users.viewer, ws, "keys.create")).rejects.toThrow(/As a viewer/);
    expect(await memberFor(t.db, users.viewer, ws, "keys.read")).toEqual({ accountId: ws, role: "viewer" });
    await expect(memberFor(t.db, users.outsider, ws, "keys.read")).rejects.toThrow(/not a member/);
    await expect(memberFor(t.db, users.developer, ws, "webhooks.manage")).rejects.toThrow(/As a developer/);
  });

  it("acts in the person's own workspace, as its owner, without --workspace", async () => {
    expect(await memberFor(t.db, users.viewer, undefined, "keys.create")).toEqual({
      accountId: users.viewer.accountId,
      role: "owner",
    });
  });
});
