/**
 * The /sandbox/v1 routes (docs/replay.md): one table driving the pipeline (lib/replay/http.ts) and
 * the OpenAPI document (lib/replay/openapi.ts). Any key may call them (no scope needed); /v1 stays
 * read-only, so starting a replay is not a /v1 operation.
 */
import { z } from "zod";
import type { Db } from "../platform/db";
import type { Caller } from "../keys/caller";
import { cancelReplay, getReplay, listReplays, startReplay } from "./service";

export const StartBody = z.strictObject({
  contest_id: z
    .union([z.string(), z.number()])
    .transform((v) => String(v))
    .pipe(z.string().regex(/^[1-9][0-9]{0,9}$/, "must be a contest id (digits)"))
    .describe("A finished contest's id (GET /v1/contests), as a string or a number"),
  speed: z
    .number()
    .int()
    .min(1)
    .max(60)
    .default(1)
    .describe("x1 (real time) to x60 (a match minute a second)"),
});

export const ReplayView = z.object({
  id: z.string().describe("rpl_ and 22 characters; every change it sends carries it as replay.id"),
  contest_id: z.string(),
  speed: z.number().int(),
  status: z
    .enum(["running", "finished", "cancelled", "interrupted"])
    .describe("interrupted: the instance running it stopped; start it again"),
  total: z.number().int().describe("Changes the replay sends in all"),
  emitted: z.number().int().describe("Changes sent so far"),
  created_at: z.string(),
  ends_at: z.string().describe("When the last change is due"),
  ended_at: z.string().nullable(),
});

export interface SandboxContext {
  db: Db;
  caller: Caller;
  params: Record<string, string>;
  body: unknown;
}

export interface SandboxRoute {
  method: "GET" | "POST" | "DELETE";
  pattern: string;
  operationId: string;
  summary: string;
  body?: z.ZodType;
  response: z.ZodType;
  status?: number;
  handler?: (ctx: SandboxContext) => Promise<unknown>;
}

const R = "/sandbox/v1/replays";

export const sandboxRoutes: SandboxRoute[] = [
  {
    method: "GET",
    pattern: "/sandbox/v1/openapi.json",
    operationId: "getOpenApi",
    summary: "This OpenAPI document",
    response: z.object({}),
  },
  {
    method: "POST",
    pattern: R,
    operationId: "startReplay",
    summary: "Replay a finished contest to this account's /v1/stream and webhooks, as if live",
    body: StartBody,
    response: ReplayView,
    status: 201,
    handler: ({ db, caller, body }) => {
      const b = body as z.output<typeof StartBody>;
      return startReplay(db, caller, Number(b.contest_id), b.speed);
    },
  },
  {
    method: "GET",
    pattern: R,
    operationId: "listReplays",
    summary: "This account's latest 50 replays, newest first",
    response: z.object({ items: z.array(ReplayView) }),
    handler: ({ db, caller }) => listReplays(db, caller.accountId),
  },
  {
    method: "GET",
    pattern: `${R}/{id}`,
    operationId: "getReplay",
    summary: "One replay's progress",
    response: ReplayView,
    handler: ({ db, caller, params }) => getReplay(db, caller.accountId, params.id),
  },
  {
    method: "DELETE",
    pattern: `${R}/{id}`,
    operationId: "cancelReplay",
    summary: "Cancel a replay: no further change is sent (an ended replay is answered as it is)",
    response: ReplayView,
    handler: ({ db, caller, params }) => cancelReplay(db, caller.accountId, params.id),
  },
];
