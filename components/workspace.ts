"use client";

import { createContext, useContext } from "react";
import { can, type Action, type Role } from "@/lib/workspaces/permissions";

export const RoleContext = createContext<Role>("viewer");

/** The signed-in member's role in the active workspace (the layout renders it). */
export const useRole = () => useContext(RoleContext);

/** Whether the page should offer an action; the server decides again on every call. */
export const useCan = (action: Action) => can(useRole(), action).ok;

/** The signed-in person's user id (the layout renders it): "own" objects are the ones it created. */
export const UserIdContext = createContext<string | null>(null);

/**
 * Whether the member may act on one object created by `createdById` (lib/auth/route.ts's check):
 * a role allowed "all" on any, a role allowed "own" only on its own, others on none.
 */
export function useCanOn(action: Action): (createdById: string | null) => boolean {
  const verdict = can(useRole(), action);
  const me = useContext(UserIdContext);
  return (createdById) =>
    verdict.ok && (verdict.value === "all" || (createdById !== null && createdById === me));
}

/** Whether the active workspace's account is suspended (its keys answer 401; none can be made). */
export const SuspendedContext = createContext(false);
export const useSuspended = () => useContext(SuspendedContext);
