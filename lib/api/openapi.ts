import { z } from "zod";
import { ERROR_STATUS } from "./errors";
import { API_DESCRIPTION } from "./openapi-text";
import type { RouteDef } from "./types";

type Json = Record<string, unknown>;

/** Paths and schemas documented alongside /v1 (see lib/api/openapi-extra.ts). */
export interface OpenApiExtension {
  paths?: Record<string, Json>;
  schemas?: Record<string, Json>;
  tags?: { name: string; description?: string }[];
}

const TAG_TEXT: Record<string, string> = {
  Competitions:
    "Leagues and tournaments; walk on to their editions via current_edition_id or /v1/editions?competition=.",
  Editions: "Seasons of a competition.",
  Contests: "Fixtures and results. A scope filter is required.",
  Persons: "Players, searchable by name and paged by limit/offset.",
  Teams: "Clubs, paged by limit/offset.",
  Rosters: "Who played for which team in which edition.",
  Standings: "League tables, kept in step with finished contests.",
  Odds: "Price history per contest or person, newest first, paged by a signed tie-safe cursor. 5 units per call.",
  Analysis: "Ranked statistic boards.",
  Meta: "This document.",
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function clean(schema: unknown): Json {
  const { $schema: _s, $id: _i, ...rest } = schema as Json;
  return rest;
}

/** "/v1/contests/{id}/odds/history" -> "getContestsByIdOddsHistory". */
export function operationId(pattern: string): string {
  const parts = pattern
    .replace(/^\/v1\//, "")
    .split(/[/.-]/)
    .filter(Boolean);
  return "get" + parts.map((p) => (p.startsWith("{") ? "ById" : p[0].toUpperCase() + p.slice(1))).join("");
}

/** Query parameters from a route's strict zod object, each described by its JSON Schema (input side). */
function queryParameters(route: RouteDef): Json[] {
  const shape = route.query instanceof z.ZodObject ? (route.query.shape as Record<string, z.ZodType>) : {};
  return Object.entries(shape).map(([name, field]) => {
    const schema = clean(
      z.toJSONSchema(field, { target: "draft-2020-12", io: "input", unrepresentable: "any" }),
    );
    const { description, ...rest } = schema;
    return { name, in: "query", required: !field.safeParse(undefined).success, description, schema: rest };
  });
}

const errorResponse = (description: string, extraHeaders: Json = {}) => ({
  description,
  headers: { "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" }, ...extraHeaders },
  content: { "application/json": { schema: ref("Error") } },
});
const retryAfter = {
  "Retry-After": { description: "Seconds to wait before retrying", schema: { type: "integer" } },
};

function operation(route: RouteDef, dataRef: string): Json {
  const params = queryParameters(route);
  for (const m of route.pattern.matchAll(/\{(\w+)\}/g)) {
    params.unshift({
      name: m[1],
      in: "path",
      required: true,
      description: "Record id",
      schema: { type: "string", pattern: "^[1-9][0-9]*$" },
    });
  }
  const okSchema = route.raw
    ? { type: "object", description: "The document itself, without the envelope" }
    : { type: "object", properties: { data: ref(dataRef), meta: ref("Meta") }, required: ["data", "meta"] };
  const responses: Json = {
    200: {
      description: "OK",
      headers: { "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" } },
      content: { "application/json": { schema: okSchema } },
    },
    400: errorResponse("INVALID_PARAMETER: the message names the parameter"),
    404: errorResponse("NOT_FOUND: unknown path, id or referenced record"),
    405: errorResponse("METHOD_NOT_ALLOWED: only GET and HEAD", { Allow: { schema: { type: "string" } } }),
  };
  if (!route.public) {
    responses[401] = errorResponse(
      'UNAUTHORIZED: "API key required" (missing or malformed) or "Invalid API key" (unknown, revoked, expired or disabled)',
    );
    responses[403] = errorResponse(
      `FORBIDDEN: the key lacks the '${route.scope}' scope, or "IP address not allowed for this key"`,
    );
    responses[429] = errorResponse("RATE_LIMITED or QUOTA_EXCEEDED", retryAfter);
    responses[503] = errorResponse(
      "AUTH_BACKEND_UNAVAILABLE or SERVICE_UNAVAILABLE: retry with back-off",
      retryAfter,
    );
  }
  const cost = route.public
    ? "Public: no key, no units."
    : `Costs ${route.units} unit${route.units === 1 ? "" : "s"} per successful call.`;
  return {
    operationId: operationId(route.pattern),
    summary: route.summary,
    description: [route.description, cost].filter(Boolean).join("\n\n"),
    tags: route.tags,
    parameters: params,
    responses,
    ...(route.public ? { security: [] } : {}),
    "x-units": route.public ? 0 : route.units,
    ...(route.scope ? { "x-scope": route.scope } : {}),
  };
}

/** The OpenAPI 3.1 document, generated from the same zod schemas that shape the responses. */
export function buildOpenApi(
  routes: RouteDef[],
  records: Record<string, z.ZodType>,
  extensions: OpenApiExtension[] = [],
): Json {
  const registry = z.registry<{ id: string }>();
  for (const [name, schema] of Object.entries(records)) registry.add(schema, { id: name });
  const dataRefs = new Map<RouteDef, string>();
  for (const route of routes) {
    const known = registry.get(route.response)?.id;
    const name = known ?? `${operationId(route.pattern).slice(3)}Data`;
    if (!known) registry.add(route.response, { id: name });
    dataRefs.set(route, name);
  }
  const generated = z.toJSONSchema(registry, {
    target: "draft-2020-12",
    uri: (id) => `#/components/schemas/${id}`,
    unrepresentable: "any",
  });
  const schemas: Record<string, Json> = {};
  for (const [name, s] of Object.entries(generated.schemas)) schemas[name] = clean(s);
  schemas.Meta = {
    type: "object",
    properties: {
      request_id: { type: "string", description: "Same as the X-Request-Id header" },
      fetched_at: { type: "string", description: "ISO-8601 time the payload was produced" },
      cache: { type: "string", enum: ["HIT", "MISS"], description: "HIT: served from the response cache" },
      version: { type: "string", const: "v1" },
    },
    required: ["request_id", "fetched_at", "cache", "version"],
  };
  schemas.Error = {
    type: "object",
    properties: {
      error: {
        type: "object",
        properties: {
          code: { type: "string", enum: Object.keys(ERROR_STATUS) },
          message: { type: "string" },
        },
        required: ["code", "message"],
      },
    },
    required: ["error"],
  };
  const paths: Record<string, Json> = {};
  for (const route of routes) paths[route.pattern] = { get: operation(route, dataRefs.get(route)!) };
  const tags: { name: string; description?: string }[] = [...new Set(routes.flatMap((r) => r.tags))].map(
    (name) => ({
      name,
      description: TAG_TEXT[name],
    }),
  );
  for (const ext of extensions) {
    Object.assign(paths, ext.paths);
    Object.assign(schemas, ext.schemas);
    tags.push(...(ext.tags ?? []));
  }
  return {
    openapi: "3.1.0",
    info: { title: "Statline API", version: "v1", description: API_DESCRIPTION },
    servers: [{ url: "/", description: "This Statline server" }],
    security: [{ ApiKeyHeader: [] }, { BearerAuth: [] }],
    tags,
    paths,
    components: {
      schemas,
      headers: {
        "X-Request-Id": {
          description: "Request identifier, equal to meta.request_id",
          schema: { type: "string" },
        },
      },
      securitySchemes: {
        ApiKeyHeader: {
          type: "apiKey",
          in: "header",
          name: "X-API-Key",
          description: "sk_live_… or sk_test_… plus 32 base62 characters",
        },
        BearerAuth: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "sk_(live|test)_<32 base62>",
          description: "Authorization: Bearer <key>",
        },
      },
    },
  };
}
