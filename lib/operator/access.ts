import { notFound } from "next/navigation";
import type { Metadata } from "next";
import type { z } from "zod";
import { envStrOpt } from "../platform/config";
import { db, type Db } from "../platform/db";
import { ApiError } from "../platform/errors";
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

/**
 * The person behind a request: their email and their own (home) account. A workspace member's
 * `accountId` is the workspace the client named (`X-Statline-Workspace`, `?w=`), never theirs, so
 * authority is read from `homeAccountId` when there is one.
 */
export type Person = { email: string; accountId: string; homeAccountId?: string };

/** The person's own account: the one created with them, whatever workspace they act in. */
export const homeAccountOf = (person: Person) => person.homeAccountId ?? person.accountId;

/**
 * The one verdict on operator rights, asked by every console page, console route, the dashboard's
 * "Operator console" link and the ingest scope: a property of the person (a listed email, or their
 * home account's flag), never of the workspace a request names.
 */
export async function isOperator(database: Db, person: Person): Promise<boolean> {
  if (isListedOperator(person.email)) return true;
  return (await accountFlags(database, homeAccountOf(person)))?.operator === true;
}

/**
 * For console pages: the operator, or Next's 404 page for everyone else (signed out included), so
 * the console's existence is not revealed.
 */
export async function requireOperator(): Promise<CurrentUser> {
  const user = await currentOperator();
  if (!user) notFound();
  return user;
}

/** The signed-in operator, or null (signed out or anyone else). */
export async function currentOperator(): Promise<CurrentUser | null> {
  const user = await getCurrentUser();
  return user && (await isOperator(db, user)) ? user : null;
}

/**
 * A console page's title for the operator only; anyone else gets the 404 page's own title, so
 * the tab does not reveal the console either.
 */
export const operatorTitle = (title: string) => async (): Promise<Metadata> =>
  (await currentOperator()) ? { title } : { title: NOT_FOUND_TITLE };

/** app/not-found.tsx's title. */
export const NOT_FOUND_TITLE = "Page not found";

/** The audit actor for an operator's request. */
export function operatorActor(user: CurrentUser, request: Request): OperatorActor {
  return { userId: user.id, name: user.email, ...requestOrigin(request) };
}

export const NOT_FOUND_MESSAGE = "Not found";

/**
 * A console API route: a session route (CSRF on every mutation, zod input, error body) that answers
 * 404 NOT_FOUND to anyone but an operator, signed out included, before anything else is looked at.
 * The handler acts as the person: `user.accountId` is their home account (where the console's own
 * audit rows go), whatever workspace the request names.
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
    (ctx) => handler({ ...ctx, user: { ...ctx.user, accountId: ctx.user.homeAccountId } }),
  );
