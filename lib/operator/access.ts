import { notFound } from "next/navigation";
import type { z } from "zod";
import { envStrOpt } from "../config";
import { db, type Db } from "../db";
import { ApiError } from "../api/errors";
import { requestOrigin, route, type RouteContext } from "../auth/route";
import { getCurrentUser, type CurrentUser } from "../auth/session";
import { accountFlags } from "./store/accounts";
import type { OperatorActor } from "./suspension";

/** OPERATOR_EMAILS, lower-cased: people who may use the console without the account flag. */
function listedOperators(): Set<string> {
  const raw = envStrOpt("OPERATOR_EMAILS") ?? "";
  return new Set(
    raw
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** Whether OPERATOR_EMAILS lists this email. */
export const isListedOperator = (email: string) => listedOperators().has(email.toLowerCase());

/** Whether this user may use the operator console: an operator account or a listed email. */
export async function isOperator(database: Db, user: { email: string; accountId: string }): Promise<boolean> {
  if (isListedOperator(user.email)) return true;
  return (await accountFlags(database, user.accountId))?.operator === true;
}

/**
 * For console pages: the operator, or Next's 404 page for everyone else (signed out included), so
 * the console's existence is not revealed.
 */
export async function requireOperator(): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user || !(await isOperator(db, user))) notFound();
  return user;
}

/** The audit actor for an operator's request. */
export function operatorActor(user: CurrentUser, request: Request): OperatorActor {
  return { userId: user.id, name: user.email, ...requestOrigin(request) };
}

export const NOT_FOUND_MESSAGE = "Not found";

/**
 * A console API route: a session route (CSRF on every mutation, zod input, error body) that answers
 * 404 NOT_FOUND to anyone but an operator, signed out included, before anything else is looked at.
 */
export const operatorRoute = <S extends z.ZodType>(
  schema: S | null,
  handler: (ctx: RouteContext<"session", S>) => Promise<unknown>,
) =>
  route(
    {
      auth: "session",
      input: schema,
      access: { action: "self" },
      only: {
        allow: (user) => isOperator(db, user),
        refusal: () => new ApiError("NOT_FOUND", NOT_FOUND_MESSAGE),
      },
    },
    handler,
  );
