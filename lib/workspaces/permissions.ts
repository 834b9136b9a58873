import type { Result } from "../platform/errors";

/** A member's role in a workspace, strongest first. */
export const ROLES = ["owner", "admin", "developer", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);

/**
 * Everything the dashboard and the CLI let a member do in a workspace. `self` is what concerns
 * only the signed-in person (password, two-factor, own sessions, leaving): every member may.
 */
export const ACTIONS = [
  "self",
  "usage.read",
  "logs.read",
  "keys.read",
  "keys.create",
  "keys.manage",
  "webhooks.read",
  "webhooks.manage",
  "alerts.read",
  "alerts.manage",
  "audit.read",
  "members.read",
  "members.manage",
  "plan.change",
  "workspace.rename",
  "workspace.transfer",
  "workspace.delete",
] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * Which roles may act, and on what: "all" objects of the workspace, or only the "own" ones (the
 * keys a developer created). Absent = refused. docs/workspaces.md prints this table.
 */
export const MATRIX: Record<Action, Partial<Record<Role, "all" | "own">>> = {
  self: { owner: "all", admin: "all", developer: "all", viewer: "all" },
  "usage.read": { owner: "all", admin: "all", developer: "all", viewer: "all" },
  "logs.read": { owner: "all", admin: "all", developer: "all", viewer: "all" },
  "keys.read": { owner: "all", admin: "all", developer: "all", viewer: "all" },
  "keys.create": { owner: "all", admin: "all", developer: "all" },
  "keys.manage": { owner: "all", admin: "all", developer: "own" },
  "webhooks.read": { owner: "all", admin: "all", developer: "all", viewer: "all" },
  "webhooks.manage": { owner: "all", admin: "all" },
  "alerts.read": { owner: "all", admin: "all", developer: "all", viewer: "all" },
  "alerts.manage": { owner: "all", admin: "all" },
  "audit.read": { owner: "all", admin: "all" },
  "members.read": { owner: "all", admin: "all", developer: "all", viewer: "all" },
  "members.manage": { owner: "all", admin: "all" },
  "plan.change": { owner: "all" },
  "workspace.rename": { owner: "all", admin: "all" },
  "workspace.transfer": { owner: "all" },
  "workspace.delete": { owner: "all" },
};

const NOUN: Record<Role, string> = {
  owner: "an owner",
  admin: "an admin",
  developer: "a developer",
  viewer: "a viewer",
};

export type Scope = "all" | "own";

/** The one permission verdict: may `role` do `action`, and on all objects or only its own? */
export function can(role: Role, action: Action): Result<Scope, "FORBIDDEN"> {
  const scope = MATRIX[action][role];
  if (scope) return { ok: true, value: scope };
  return {
    ok: false,
    code: "FORBIDDEN",
    message: `As ${NOUN[role]} of this workspace you cannot do this (${action}). Ask an admin or owner.`,
  };
}

/** The roles `actor` may hand out (invite with, or change a member to): never above its own. */
export function assignableRoles(actor: Role): Role[] {
  if (actor === "owner") return [...ROLES];
  if (actor === "admin") return ["admin", "developer", "viewer"];
  return [];
}

/**
 * May `actor` change `target`'s role to `next` (or remove the member: `next` null)? Admins manage
 * admins, developers and viewers; only an owner touches an owner. The last owner is checked by
 * the store, which counts owners inside the transaction.
 */
export function canChangeMember(actor: Role, target: Role, next: Role | null): Result<true, "FORBIDDEN"> {
  const manage = can(actor, "members.manage");
  if (!manage.ok) return manage;
  if (target === "owner" && actor !== "owner")
    return { ok: false, code: "FORBIDDEN", message: "Only an owner can change or remove an owner" };
  if (next && !assignableRoles(actor).includes(next))
    return {
      ok: false,
      code: "FORBIDDEN",
      message: `As ${NOUN[actor]} you cannot make someone ${NOUN[next]}`,
    };
  return { ok: true, value: true };
}
