import type { z } from "zod";
import { ApiError, AppError, assertOk, fieldError } from "../platform/errors";
import { failurePage } from "../consent/pages";
import { clientIpFromChain } from "../platform/client-ip";
import { logError } from "../platform/log";
import { db, type Db } from "../platform/db";
import { getMember, type Member } from "../workspaces/member";
import { can, type Action } from "../workspaces/permissions";
import { crossSiteProblem, csrfProblem } from "./csrf";

/** Every dashboard response is private and must never be stored by a cache (it may hold a new key). */
export const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });

/** Where a request came from, for the audit log (the address rule: lib/platform/client-ip.ts). */
export function requestOrigin(request: Request) {
  return {
    ip: clientIpFromChain(request.headers.get("x-forwarded-for")),
    userAgent: request.headers.get("user-agent"),
  };
}

/** The first zod issue as "field: message" (the error text of protocol and file routes). */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message;
}

/**
 * A signed-in member's refused input: the field the form shows the message under (the last named
 * step of the path: `options.allowedIps` is the form's `allowedIps`) and the message alone, or the
 * "field: message" text when no field is named (an unknown key, a refused object).
 */
export function issueError(error: z.ZodError): ApiError {
  const issue = error.issues[0];
  const field = issue.path.filter((p): p is string => typeof p === "string").at(-1);
  return field ? fieldError(field, issue.message) : new ApiError("INVALID_PARAMETER", firstIssue(error));
}

/** Who may call a route: a signed-in user (CSRF on every mutation), anyone from this site (no
 * session yet, so cross-site browser posts are refused: login CSRF; public documents), or a
 * protocol client (programs that carry their own proof: the agent handoff's endpoints, GitHub's
 * signed leak reports). */
export type RouteAuth = "session" | "public" | "protocol";

export interface RouteSpec<A extends RouteAuth, S extends z.ZodType> {
  auth: A;
  /** The input schema: the query string for GET, the body otherwise. */
  input?: S | null;
  /** "json" (default) or "form": JSON, OAuth's form encoding or an HTML form (which cannot set
   * headers, so a session route takes its CSRF token from the `csrf_token` field as well). */
  body?: "json" | "form";
  /** "json" (default): {error:{code,message}}; "html": a page for a browser form post (failurePage). */
  errors?: "json" | "html";
  /** Headers on every answer of the route, beside Cache-Control: no-store. */
  headers?: Record<string, string>;
  /** The error for unreadable or invalid input (default 400 INVALID_PARAMETER). */
  invalid?: (message: string) => AppError;
  /** A session route for some people only: anyone else, signed out included, gets `refusal` before
   * anything else is looked at (the operator console answers 404, so it is not revealed). `allow`
   * judges the person (lib/operator/access.ts reads `homeAccountId`), never the named workspace. */
  only?: { allow: (user: Member) => Promise<boolean>; refusal: () => AppError };
  /** What the log calls a failure of this route. */
  name?: string;
  /** Session routes: what the member does (lib/workspaces/permissions.ts), checked before the input. */
  access?: Access;
}

/**
 * A session route's permission: the action, and for actions on one object (`params.id`) who
 * created it, so a role allowed only its "own" objects is refused another member's (403). The
 * owner lookup answers undefined for an object outside the workspace; the handler then answers 404.
 */
export interface Access {
  action: Action;
  ownerOf?: (db: Db, accountId: string, id: string) => Promise<string | null | undefined>;
}

export type RouteContext<A extends RouteAuth, S extends z.ZodType> = {
  body: z.output<S>;
  request: Request;
  params: Record<string, string>;
} & (A extends "session" ? { user: Member } : { user?: undefined });

async function readInput(request: Request, kind: "json" | "form", session: boolean): Promise<unknown> {
  if (request.method === "GET" || request.method === "HEAD") {
    return Object.fromEntries(new URL(request.url).searchParams);
  }
  const type = request.headers.get("content-type") ?? "";
  if (kind === "form" && /application\/x-www-form-urlencoded|multipart\/form-data/.test(type)) {
    const form = await request.formData().catch(() => null);
    return form ? Object.fromEntries([...form.keys()].map((k) => [k, formValue(form.getAll(k))])) : undefined;
  }
  const raw: unknown = await request.json().catch(() => undefined);
  // A dashboard mutation without a body (revoke, enable) validates as {}.
  return raw ?? (session ? {} : undefined);
}

/**
 * The raw body (a signature covers its exact bytes, or a file upload), refused with 413 and
 * `tooLarge` once it passes `max` bytes, declared or while it streams in.
 */
export async function readBounded(request: Request, max: number, tooLarge: string): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > max) throw new ApiError("PAYLOAD_TOO_LARGE", tooLarge);
  if (!request.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw new ApiError("PAYLOAD_TOO_LARGE", tooLarge);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

type FormFields = Record<string, unknown>;
/** A form field once is a string; repeated (checkboxes) it is the list. */
const formValue = (all: FormDataEntryValue[]) => {
  const strings = all.filter((v): v is string => typeof v === "string");
  return strings.length === 1 ? strings[0] : strings;
};

/**
 * The one wrapper of every route handler under app/ (tests/config/routes.test.ts): who may call
 * (`auth`, `only`), CSRF, input validated with zod, the handler's value as `{data}` (or its own
 * Response), and every failure mapped once: AppError (busy signals included: 503 with Retry-After)
 * to its {error:{code,message}} body and status (or its page, `errors: "html"`), anything else to a
 * bare 500 with the detail in the log only.
 */
export function route<A extends RouteAuth, S extends z.ZodType>(
  spec: RouteSpec<A, S>,
  handler: (ctx: RouteContext<A, S>) => Promise<unknown>,
) {
  const headers = { "Cache-Control": "no-store", ...spec.headers };
  const answer = (status: number, body: unknown, extra: Record<string, string> = {}) =>
    Response.json(body, { status, headers: { ...headers, ...extra } });
  const invalid = spec.invalid ?? ((message: string) => new ApiError("INVALID_PARAMETER", message));
  // A catch-all segment's params are lists; no route wrapped here reads one.
  return async (
    request: Request,
    context?: { params: Promise<Record<string, string | string[] | undefined>> },
  ) => {
    try {
      const mutation = request.method !== "GET" && request.method !== "HEAD";
      let user: Member | undefined;
      const params = ((await context?.params) ?? {}) as Record<string, string>;
      if (spec.auth === "session") {
        // A restricted route answers its refusal whatever workspace the request names (a workspace
        // that is not the caller's would otherwise answer "Workspace not found" first).
        user = (await (spec.only ? getMember().catch(() => null) : getMember())) ?? undefined;
        if (spec.only && !(user && (await spec.only.allow(user)))) throw spec.only.refusal();
        if (!user) throw new ApiError("UNAUTHORIZED", "Sign in first");
        await enforce(spec.access, user, params);
      } else if (spec.auth === "public" && mutation) {
        const problem = crossSiteProblem(request);
        if (problem) throw new ApiError("FORBIDDEN", problem);
      }
      const raw = spec.input
        ? await readInput(request, spec.body ?? "json", spec.auth === "session")
        : undefined;
      if (user && mutation) {
        const field =
          spec.body === "form" && raw && typeof raw === "object" ? (raw as FormFields).csrf_token : null;
        const token = request.headers.get("x-csrf-token") ?? (typeof field === "string" ? field : null);
        const problem = csrfProblem(request, user.id, token);
        if (problem) throw new ApiError("FORBIDDEN", problem);
      }
      let body: unknown = undefined;
      if (spec.input) {
        if (raw === undefined || raw === null || typeof raw !== "object")
          throw invalid("Body must be a JSON object");
        const parsed = spec.input.safeParse(raw);
        if (!parsed.success)
          throw spec.auth === "session" && !spec.invalid
            ? issueError(parsed.error)
            : invalid(firstIssue(parsed.error));
        body = parsed.data;
      }
      const ctx = { body, request, params, user } as RouteContext<A, S>;
      const result = await handler(ctx);
      if (result instanceof Response) {
        for (const [k, v] of Object.entries(headers)) if (!result.headers.has(k)) result.headers.set(k, v);
        return result;
      }
      return answer(200, { data: result });
    } catch (err) {
      if (!(err instanceof AppError))
        logError(`${spec.name ?? "dashboard"} route failed`, err, { path: new URL(request.url).pathname });
      if (spec.errors === "html") return failurePage(err);
      if (err instanceof AppError) return answer(err.status, err.body(), err.headers);
      return answer(500, new ApiError("INTERNAL_ERROR", "Something went wrong").body());
    }
  };
}

/** The one permission check of a session route: the role's verdict, then the object's creator. */
async function enforce(access: Access | undefined, user: Member, params: Record<string, string>) {
  if (!access) throw new ApiError("FORBIDDEN", "This route declares no permission");
  const verdict = can(user.role, access.action);
  assertOk(verdict);
  if (verdict.value === "own" && access.ownerOf) {
    const owner = params.id ? await access.ownerOf(db, user.accountId, params.id) : undefined;
    if (owner !== undefined && owner !== user.id)
      throw new ApiError("FORBIDDEN", "You can manage only the keys you created. Ask an admin or owner.");
  }
}

/**
 * A signed-in member's route (the dashboard's API): `route({ auth: "session", input, access })`.
 * The action is required: a route that names none cannot be written.
 */
export const dashboardRoute = <S extends z.ZodType>(
  access: Action | Access,
  schema: S | null,
  handler: (ctx: RouteContext<"session", S>) => Promise<unknown>,
) =>
  route(
    { auth: "session", input: schema, access: typeof access === "string" ? { action: access } : access },
    handler,
  );
