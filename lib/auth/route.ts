import type { z } from "zod";
import { ApiError, type ErrorCode } from "../api/errors";
import { clientIpFromChain } from "../client-ip";
import { logError } from "../log";
import { csrfProblem } from "./csrf";
import { getCurrentUser, type CurrentUser } from "./session";

/** Every dashboard response is private and must never be stored by a cache (it may hold a new key). */
export const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });

/** A dashboard error: the same ApiError model and {error:{code,message}} body as /v1. */
export const dashboardError = (code: ErrorCode, message: string) => {
  const err = new ApiError(code, message);
  return jsonResponse(err.status, { error: { code: err.code, message: err.message } }, err.headers);
};

/** Where a request came from, for the audit log (the address rule: lib/client-ip.ts). */
export function requestOrigin(request: Request) {
  return {
    ip: clientIpFromChain(request.headers.get("x-forwarded-for")),
    userAgent: request.headers.get("user-agent"),
  };
}

/** The first zod issue as "field: message", the error text the dashboard shows. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message;
}

async function readInput(request: Request): Promise<unknown> {
  if (request.method === "GET" || request.method === "HEAD") {
    return Object.fromEntries(new URL(request.url).searchParams);
  }
  return (await request.json().catch(() => undefined)) ?? {};
}

/**
 * Wraps a dashboard route handler: signed-in user required, CSRF checked on every mutation, input
 * validated with zod (the query string for GET, the JSON body otherwise), ApiError mapped to
 * {error:{code,message}} and anything else to a bare 500.
 */
export function dashboardRoute<S extends z.ZodType>(
  schema: S | null,
  handler: (ctx: {
    user: CurrentUser;
    body: z.output<S>;
    request: Request;
    params: Record<string, string>;
  }) => Promise<unknown>,
) {
  return async (request: Request, context: { params: Promise<Record<string, string>> }) => {
    try {
      const user = await getCurrentUser();
      if (!user) return dashboardError("UNAUTHORIZED", "Sign in first");
      if (request.method !== "GET" && request.method !== "HEAD") {
        const problem = csrfProblem(request, user.id, request.headers.get("x-csrf-token"));
        if (problem) return dashboardError("FORBIDDEN", problem);
      }
      let body: unknown = undefined;
      if (schema) {
        const parsed = schema.safeParse(await readInput(request));
        if (!parsed.success) return dashboardError("INVALID_PARAMETER", firstIssue(parsed.error));
        body = parsed.data;
      }
      const params = (await context?.params) ?? {};
      const result = await handler({ user, body: body as z.output<S>, request, params });
      return result instanceof Response ? result : jsonResponse(200, { data: result });
    } catch (err) {
      if (err instanceof ApiError)
        return jsonResponse(err.status, { error: { code: err.code, message: err.message } }, err.headers);
      logError("dashboard route failed", err, { path: new URL(request.url).pathname });
      return dashboardError("INTERNAL_ERROR", "Something went wrong");
    }
  };
}
