import { describe, expect, it } from "vitest";
import { ACTIONS, assignableRoles, can, canChangeMember, ROLES } from "./permissions";

describe("the role verdict", () => {
  it("lets viewers read but never act on keys, webhooks or members", () => {
    for (const action of ["usage.read", "logs.read", "keys.read", "webhooks.read", "members.read"] as const)
      expect(can("viewer", action)).toEqual({ ok: true, value: "all" });
    for (const action of [
      "keys.create",
      "keys.manage",
      "webhooks.manage",
      "members.manage",
      "audit.read",
    ] as const) {
      const verdict = can("viewer", action);
      expect(verdict.ok).toBe(false);
      if (!verdict.ok) expect(verdict.code).toBe("FORBIDDEN");
    }
  });

  it("lets developers create keys and manage only their own", () => {
    expect(can("developer", "keys.create")).toEqual({ ok: true, value: "all" });
    expect(can("developer", "keys.manage")).toEqual({ ok: true, value: "own" });
    expect(can("developer", "webhooks.manage").ok).toBe(false);
    expect(can("developer", "members.manage").ok).toBe(false);
  });

  it("keeps plan, transfer and deletion for owners", () => {
    for (const action of ["plan.change", "workspace.transfer", "workspace.delete"] as const) {
      expect(can("owner", action).ok).toBe(true);
      for (const role of ["admin", "developer", "viewer"] as const) expect(can(role, action).ok).toBe(false);
    }
  });

  it("never lets a weaker role do more than a stronger one", () => {
    for (const action of ACTIONS)
      for (let i = 1; i < ROLES.length; i++)
        if (can(ROLES[i], action).ok) expect(can(ROLES[i - 1], action).ok).toBe(true);
  });

  it("refuses escalation: nobody hands out a role above their own, only owners touch owners", () => {
    expect(assignableRoles("admin")).not.toContain("owner");
    expect(assignableRoles("developer")).toEqual([]);
    expect(canChangeMember("admin", "developer", "owner").ok).toBe(false);
    expect(canChangeMember("admin", "owner", "viewer").ok).toBe(false);
    expect(canChangeMember("admin", "owner", null).ok).toBe(false);
    expect(canChangeMember("admin", "viewer", "admin").ok).toBe(true);
    expect(canChangeMember("owner", "admin", "owner").ok).toBe(true);
    expect(canChangeMember("developer", "viewer", "developer").ok).toBe(false);
  });
});
