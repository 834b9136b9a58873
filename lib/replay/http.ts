/**
 * /sandbox/v1 on the keyed pipeline (lib/http/keyed.ts): route, authenticate (the /v1 key check:
 * any key, live or test, no scope needed), the key's IP allowlist, admission (rate limit and quota,
 * one unit a call), the JSON body (4 KiB at most), then the handler. Answers are `{"data": …}`;
 * refusals the spec's `{"error":{"code","message"}}`, never a 500 for the caller's mistake.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { restrictionError } from "../api/auth";
import { noStoreJson as json } from "../api/respond";
import type { ApiResponse } from "../api/types";
import { db } from "../platform/db";
import { parseJson, validate } from "../http/body";
import { settle, type Ctx, type Surface } from "../http/keyed";
import { nodeHandler } from "../http/node";
import { RouteTable } from "../http/routes";
import { sandboxOpenApi } from "./openapi";
import { sandboxRoutes, type SandboxRoute } from "./routes";

/** /sandbox/v1 and its look-alikes. */
export const SANDBOX_PATH = /^\/sandbox\/v\d+(?:[/?]|$)/i;

const BODY = { maxBytes: 4096, media: "any" } as const;
const UNITS = 1;

export const sandboxSurface: Surface<SandboxRoute> = {
  name: "/sandbox/v1",
  prefix: SANDBOX_PATH,
  table: new RouteTable(sandboxRoutes, "unmatched"),
  unmatched: "before-key",
  body: (route) => (route.body ? BODY : null),
  isPublic: (route) => !route.handler,
  // Any key, live or test, no scope needed: only a restricted key's IP allowlist applies.
  judge: ({ restrictions: r }, req) => (r ? restrictionError(r, req, undefined) : null),
  units: () => UNITS,
  serve,
};

async function serve(c: Ctx<SandboxRoute>): Promise<ApiResponse> {
  const { route, params } = c.match!;
  if (!route.handler) return json(c.requestId, 200, JSON.stringify(sandboxOpenApi()), {});
  const body = route.body ? validate(route.body, parseJson(c.input!.text)) : undefined;
  const data = await route.handler({ db, caller: c.caller!, params, body });
  const units = settle(c, route.status ?? 200, UNITS);
  return json(c.requestId, route.status ?? 200, JSON.stringify({ data }), { ...c.limitHeaders, ...units });
}

const serveNode = nodeHandler(sandboxSurface);

/** The lean server's handler for /sandbox/v1 (server.ts routes to it beside /v1). */
export async function handleSandboxNode(req: IncomingMessage, res: ServerResponse): Promise<void> {
  await serveNode(req, res);
}
