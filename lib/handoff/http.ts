import type { z } from "zod";
import { requestOrigin, route } from "../auth/route";
import { HandoffError } from "./errors";
import { envStrOpt } from "../platform/config";

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

/**
 * A protocol endpoint through the one route wrapper: body (JSON or OAuth's form encoding) validated
 * with zod into invalid_request, HandoffError into {error:{code,message,...extra}}, nothing cached.
 */
export const handoffRoute = <S extends z.ZodType>(
  schema: S,
  handler: (body: z.output<S>, request: Request) => Promise<Response>,
) =>
  route(
    {
      auth: "protocol",
      input: schema,
      body: "form",
      headers: { Pragma: "no-cache" },
      invalid: (message) => new HandoffError("invalid_request", message),
      name: "handoff",
    },
    ({ body, request }) => handler(body, request),
  );
