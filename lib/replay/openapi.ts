/** The OpenAPI 3.1 document of /sandbox/v1, built from its route table (lib/replay/routes.ts). */
import { z } from "zod";
import { ERROR_STATUS } from "../api/errors";
import { sandboxRoutes, type SandboxRoute } from "./routes";

type Json = Record<string, unknown>;

const ERROR = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      properties: { code: { type: "string", enum: Object.keys(ERROR_STATUS) }, message: { type: "string" } },
    },
  },
};

const schemaOf = (s: z.ZodType, io: "input" | "output"): Json => {
  const { $schema: _s, ...rest } = z.toJSONSchema(s, { io, unrepresentable: "any" }) as Json;
  return rest;
};

const refused = (codes: number[]) =>
  Object.fromEntries(
    codes.map((s) => [s, { description: "Refused", content: { "application/json": { schema: ERROR } } }]),
  );

function operation(r: SandboxRoute): Json {
  if (!r.handler)
    return {
      summary: r.summary,
      security: [],
      responses: { 200: { description: "OpenAPI 3.1", content: { "application/json": { schema: {} } } } },
    };
  const data = { type: "object", required: ["data"], properties: { data: schemaOf(r.response, "output") } };
  return {
    summary: r.summary,
    tags: ["Replays"],
    ...(r.pattern.includes("{id}")
      ? { parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }] }
      : {}),
    ...(r.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: schemaOf(r.body, "input") } },
          },
        }
      : {}),
    responses: {
      [r.status ?? 200]: { description: "OK", content: { "application/json": { schema: data } } },
      ...refused([400, 401, 403, 404, 409, 429]),
    },
  };
}

let cached: Json | undefined;

export function sandboxOpenApi(): Json {
  if (cached) return cached;
  const paths: Record<string, Json> = {};
  for (const r of sandboxRoutes) (paths[r.pattern] ??= {})[r.method.toLowerCase()] = operation(r);
  cached = {
    openapi: "3.1.0",
    info: {
      title: "Statline sandbox API",
      version: "v1",
      description:
        "Replay any finished contest as if live, x1 to x60, to this account's GET /v1/stream and webhooks only; every change it sends carries `replay.id`. Any key may call it. docs/replay.md has the details.",
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
