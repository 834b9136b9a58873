import type { z } from "zod";
import { ApiError } from "../api/errors";
import { logError } from "../log";
import { csrfProblem } from "./csrf";
import { getCurrentUser, type CurrentUser } from "./session";

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });

const fail = (status: number, code: string, message: string) => json(status, { error: { code, message } });

/** Where a request came from, for the audit log. */
export function requestOrigin(request: Request) {
  return {
    ip: request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || request.headers.get("x-real-ip") || null,
    userAgent: request.headers.get("user-agent"),
  };
}

/**
 * Wraps a dashboard route handler: signed-in user required, CSRF checked on every mutation, JSON
 * body validated with zod, ApiError mapped to {error:{code,message}} and anything else to a bare 500.
 */
export function dashboardRoute<S extends z.ZodType>(
  schema: S | null,
  handler: (ctx: { user: CurrentUser; body: z.output<S>; request: Request; params: Record<string, string> }) => Promise<unknown>,
) {
  return async (request: Request, context: { params?: Promise<Record<string, string>> }) => {
    try {
      const user = await getCurrentUser();
      if (!user) return fail(401, "UNAUTHORIZED", "Sign in first");
      if (request.method !== "GET" && request.method !== "HEAD") {
        const problem = csrfProblem(request, user.id, request.headers.get("x-csrf-token"));
        if (problem) return fail(403, "FORBIDDEN", problem);
      }
      let body: unknown = undefined;
      if (schema) {
        const raw = await request.json().catch(() => undefined);
        const parsed = schema.safeParse(raw ?? {});
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          return fail(400, "INVALID_PARAMETER", `${issue.path.join(".") || "body"}: ${issue.message}`);
        }
        body = parsed.data;
      }
      const params = (await context.params) ?? {};
      const result = await handler({ user, body: body as z.output<S>, request, params });
      return result instanceof Response ? result : json(200, { data: result });
    } catch (err) {
      if (err instanceof ApiError) return fail(err.status, err.code, err.message);
      logError("dashboard route failed", err, { path: new URL(request.url).pathname });
      return fail(500, "INTERNAL_ERROR", "Something went wrong");
    }
  };
}
