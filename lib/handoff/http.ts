import type { z } from "zod";
import { requestOrigin } from "../auth/route";
import { logError } from "../log";
import { HandoffError } from "./errors";
import { envStrOpt } from "../config";

/** Secrets travel in these bodies, so nothing may be cached anywhere (RFC 6749 §5.1). */
const NO_STORE = { "Cache-Control": "no-store", Pragma: "no-cache" };

export const handoffJson = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { ...NO_STORE, ...headers } });

/** The client's address as the audit log records it (X-Forwarded-For honouring TRUST_PROXY_HOPS). */
export const clientIp = (request: Request) => requestOrigin(request).ip ?? "unknown";

/** Where humans reach this server: NEXTAUTH_URL when set (behind a proxy), else the request's origin. */
export function publicBaseUrl(request: Request): string {
  const configured = envStrOpt("NEXTAUTH_URL")?.replace(/\/+$/, "");
  return configured || new URL(request.url).origin;
}

/** JSON (or OAuth's form encoding) into a plain object; anything unreadable becomes undefined. */
async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(await request.text()));
  }
  return request.json().catch(() => undefined);
}

/**
 * Wraps a protocol endpoint: body validated with zod into invalid_request, HandoffError into
 * {error:{code,message,...extra}}, anything else into a bare server_error. Never echoes input.
 */
export function handoffRoute<S extends z.ZodType>(
  schema: S,
  handler: (body: z.output<S>, request: Request) => Promise<Response>,
) {
  return async (request: Request): Promise<Response> => {
    try {
      const raw = await readBody(request);
      if (raw === undefined || raw === null || typeof raw !== "object") {
        throw new HandoffError("invalid_request", "Body must be a JSON object");
      }
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new HandoffError("invalid_request", `${issue.path.join(".") || "body"}: ${issue.message}`);
      }
      return await handler(parsed.data, request);
    } catch (err) {
      if (err instanceof HandoffError) {
        return handoffJson(
          err.status,
          { error: { code: err.code, message: err.message, ...err.extra } },
          err.headers,
        );
      }
      logError("handoff endpoint failed", err, { path: new URL(request.url).pathname });
      return handoffJson(500, { error: { code: "server_error", message: "Something went wrong" } });
    }
  };
}
