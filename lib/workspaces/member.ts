import { headers } from "next/headers";
import { notFound as pageNotFound, redirect } from "next/navigation";
import { cache } from "react";
import { ApiError } from "../platform/errors";
import { getCurrentUser, type CurrentUser } from "../auth/session";
import { db } from "../platform/db";
import type { Role } from "./permissions";
import { resolveWorkspace } from "./store";

/**
 * The workspace a dashboard request acts in. Pages carry it in the URL as `?w=<id>` (proxy.ts
 * copies it into this header); the dashboard's API client sends the page's `w` as this header.
 * Neither is trusted: the membership is read on every request.
 */
export const WORKSPACE_HEADER = "x-statline-workspace";
export const WORKSPACE_PARAM = "w";

/** A signed-in user acting in a workspace: `accountId` is the active workspace, `role` theirs in it. */
export interface Member extends CurrentUser {
  role: Role;
  /** The workspace created with the user (their own). */
  homeAccountId: string;
}

/** Thrown when the named workspace does not exist or the user is not a member: one answer for both. */
export const workspaceNotFound = () => new ApiError("NOT_FOUND", "Workspace not found");

const requested = async (): Promise<string | null> => {
  const raw = (await headers()).get(WORKSPACE_HEADER)?.trim();
  return raw ? raw : null;
};

/**
 * The signed-in member of the requested workspace, or null when signed out; throws 404 NOT_FOUND
 * when the workspace is not theirs. Memoised per request (layout and page share one lookup).
 */
export const getMember = cache(async (): Promise<Member | null> => {
  const user = await getCurrentUser();
  if (!user) return null;
  const asked = await requested();
  if (asked && asked.length > 64) throw workspaceNotFound();
  const active = await resolveWorkspace(db, user, asked);
  if (!active) throw workspaceNotFound();
  return { ...user, accountId: active.accountId, role: active.role, homeAccountId: user.accountId };
});

/** For dashboard pages: the member, a redirect to sign-in, or the 404 page for another workspace. */
export async function requireMember(callbackPath: string): Promise<Member> {
  let member: Member | null;
  try {
    member = await getMember();
  } catch (err) {
    if (err instanceof ApiError && err.code === "NOT_FOUND") pageNotFound();
    throw err;
  }
  if (!member) redirect(`/signin?callbackUrl=${encodeURIComponent(callbackPath)}`);
  return member;
}
