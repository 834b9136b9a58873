/** The OpenAPI 3.1 document of /ingest/v1, built from its route table (lib/ingest/routes.ts). */
import { z } from "zod";
import { ERROR_STATUS } from "../api/errors";
import { ingestRoutes } from "./routes";
import type { IngestRouteDef } from "./types";

type Json = Record<string, unknown>;

const ERROR = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      properties: {
        code: { type: "string", enum: Object.keys(ERROR_STATUS) },
        message: { type: "string", description: "Names the field by JSON pointer, e.g. '/score/home'" },
      },
    },
  },
};

const schemaOf = (s: z.ZodType, io: "input" | "output"): Json => {
  const { $schema: _s, ...rest } = z.toJSONSchema(s, { io, unrepresentable: "any" }) as Json;
  return rest;
};

/** "/ingest/v1/{source}/contests/{external_id}/state" + POST -> "postContestsState". */
const operationId = (r: IngestRouteDef) =>
  r.method.toLowerCase() +
  r.pattern
    .replace(/^\/ingest\/v1\/\{source\}\//, "")
    .split(/[/.-]/)
    .filter((p) => p && !p.startsWith("{"))
    .map((p) => p[0].toUpperCase() + p.slice(1))
    .join("");

function operation(r: IngestRouteDef): Json {
  const params = [...r.pattern.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  const body = schemaOf(r.body, "input");
  const content: Json =
    r.bodyKind === "ndjson"
      ? {
          "application/json": { schema: (body.items as Json | undefined) ?? body },
          "application/x-ndjson": { schema: (body.items as Json | undefined) ?? body },
        }
      : { "application/json": { schema: body } };
  const ok = { description: "Accepted", content: { "application/json": { schema: dataOf(r) } } };
  return {
    operationId: operationId(r),
    summary: r.summary,
    ...(r.description ? { description: r.description } : {}),
    tags: r.tags,
    "x-scope": "ingest",
    "x-max-body-bytes": r.maxBytes,
    parameters: [
      ...params,
      {
        name: "Idempotency-Key",
        in: "header",
        required: true,
        description: "A retry with the same key returns the first answer and changes nothing",
        schema: { type: "string", maxLength: 255 },
      },
    ],
    requestBody: { required: r.method !== "DELETE", content },
    responses: {
      200: ok,
      201: { ...ok, description: "Created" },
      ...Object.fromEntries(
        [400, 401, 403, 404, 409, 413, 429].map((s) => [
          s,
          { description: "Refused", content: { "application/json": { schema: ERROR } } },
        ]),
      ),
    },
  };
}

const dataOf = (r: IngestRouteDef): Json => ({
  type: "object",
  required: ["data"],
  properties: { data: schemaOf(r.response, "output") },
});

const publicOperation = (r: IngestRouteDef): Json => ({
  operationId: operationId(r),
  summary: r.summary,
  tags: r.tags,
  security: [],
  responses: {
    200: { description: "OpenAPI 3.1", content: { "application/json": { schema: { type: "object" } } } },
  },
});

let cached: Json | undefined;

export function ingestOpenApi(): Json {
  if (cached) return cached;
  const paths: Record<string, Json> = {};
  for (const r of ingestRoutes)
    (paths[r.pattern] ??= {})[r.method.toLowerCase()] = r.public ? publicOperation(r) : operation(r);
  cached = {
    openapi: "3.1.0",
    info: {
      title: "Statline ingest API",
      version: "v1",
      description:
        "Write live data (contests, state, match events, lineups, statistics, odds) by the feed's own ids. Keys need the `ingest` scope, which only operator accounts may mint. Every write needs an Idempotency-Key header and a feed_at timestamp; an update older than the stored one is ignored. The reserved source `statline` names Statline's own contest ids. docs/ingest.md has a worked example.",
    },
    servers: [{ url: "/" }],
    security: [{ bearer: [] }, { apiKey: [] }],
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer" },
        apiKey: { type: "apiKey", in: "header", name: "X-API-Key" },
      },
    },
    paths,
  };
  return cached;
}
