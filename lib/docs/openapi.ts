import { z } from "zod";
import { API_DESCRIPTION } from "./openapi-text";
import {
  commonHeaders,
  CONTACT,
  LICENSE,
  ERROR_RESPONSES,
  ERROR_SCHEMA,
  harden,
  HEADERS,
  headerRef,
  META_SCHEMA,
  RESPONSE_NAMES,
  responseRef,
  SECURITY_SCHEMES,
  SERVERS,
  schemaRef,
} from "./openapi-parts";
import { idOrName, NAME_EXAMPLES, paramSchemas } from "../api/request";
import { pathNameKind } from "../api/slugs";
import type { RouteDef } from "../api/types";
import { DEFAULT_UNIT_COSTS } from "../plans/unit-groups";

type Json = Record<string, unknown>;

/** Paths and schemas documented alongside /v1 (see lib/docs/openapi-extra.ts). */
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
  Ratings:
    "World Football Elo ratings of national teams: a team's history, the ranking at a date and a contest's pre-match ratings.",
  Sources: "The data sources behind the catalogue, with their licence, coverage and precedence.",
  Events:
    "The change feed: every change to contests, odds, standings, teams and persons in commit order (docs/events.md).",
  Meta: "This document.",
};

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
    const schema =
      paramSchemas.get(field) ??
      clean(z.toJSONSchema(field, { target: "draft-2020-12", io: "input", unrepresentable: "any" }));
    const { description, ...rest } = schema;
    return { name, in: "query", required: !field.safeParse(undefined).success, description, schema: rest };
  });
}

const IF_NONE_MATCH: Json = {
  name: "If-None-Match",
  in: "header",
  required: false,
  description: "An ETag from an earlier 200: answered 304 (0 units) while the body is unchanged",
  schema: { type: "string", maxLength: 200 },
};
const LAST_EVENT_ID: Json = {
  name: "Last-Event-ID",
  in: "header",
  required: false,
  description: "The id of the last event received: the stream replays every later change, then goes live",
  schema: { type: "string", pattern: "^(0|[1-9][0-9]{0,15})$", maxLength: 16 },
};

const STATUSES = ["400", "401", "404", "405", "429", "500", "503"];
const PUBLIC_STATUSES = ["400", "404", "405", "500"];

function operation(route: RouteDef, dataName: string): Json {
  const params = queryParameters(route);
  for (const m of route.pattern.matchAll(/\{(\w+)\}/g)) {
    const named = pathNameKind(route.pattern);
    params.unshift({
      name: m[1],
      in: "path",
      required: true,
      description: named ? `Record id, or its ${NAME_EXAMPLES[named]}` : "Record id",
      schema: named ? idOrName(named) : { type: "string", pattern: "^[1-9][0-9]{0,9}$", maxLength: 10 },
    });
  }
  const authenticated = !route.public;
  const common = commonHeaders(authenticated);
  const okHeaders: Json = { ...common, ETag: headerRef("ETag"), "Cache-Control": headerRef("Cache-Control") };
  okHeaders.Vary = headerRef("Vary");
  okHeaders["Content-Encoding"] = headerRef("Content-Encoding");
  if (authenticated)
    for (const n of ["X-Units-Cost", "X-Units-Used", "X-Units-Remaining"]) okHeaders[n] = headerRef(n);
  const responses: Json = {
    200: {
      description: "OK",
      headers: okHeaders,
      content: { "application/json": { schema: schemaRef(dataName) } },
    },
    304: {
      description:
        "Not Modified: If-None-Match matched the current ETag. No body; costs 0 units but counts as a request.",
      headers: { ...common, ETag: headerRef("ETag"), "Cache-Control": headerRef("Cache-Control") },
    },
  };
  for (const status of authenticated ? STATUSES : PUBLIC_STATUSES) {
    const shared = ERROR_RESPONSES[status];
    // Public routes check no key, so their errors carry no rate-limit headers: inlined.
    responses[status] = authenticated
      ? responseRef(RESPONSE_NAMES[status])
      : { ...shared, headers: { ...common, ...(shared.headers as Json) } };
  }
  // 403: the key lacks the route's scope (x-scope) or the caller's IP is not on the key's allowlist.
  if (route.scope && authenticated) {
    const forbidden = ERROR_RESPONSES[403];
    responses[403] = {
      ...forbidden,
      description: `FORBIDDEN: the key lacks the '${route.scope}' scope, or "IP address not allowed for this key"`,
      headers: { ...common, ...(forbidden.headers as Json) },
    };
  }
  // A shared error response a route declares (410 cursor) is referenced, like the rest.
  for (const [status, response] of Object.entries(route.openapi?.responses ?? {}))
    responses[status] =
      authenticated && RESPONSE_NAMES[status] ? responseRef(RESPONSE_NAMES[status]) : response;
  const price = route.group === null ? 0 : DEFAULT_UNIT_COSTS[route.group];
  const cost =
    route.public || route.group === null
      ? "Public: no key, no units."
      : `Costs the ${route.group} group's price per successful call: ${price} unit${price === 1 ? "" : "s"} on the built-in plans (X-Units-Cost reports it for the key's plan); errors and 304 cost 0.`;
  // A stream (GET /v1/stream) has no ETag, no 304 and no envelope; it resumes by Last-Event-ID.
  const stream = route.openapi?.stream === true;
  if (stream) delete responses[304];
  return {
    operationId: operationId(route.pattern),
    summary: route.summary,
    description: [route.description, cost].filter(Boolean).join("\n\n"),
    tags: route.tags,
    parameters: [...params, stream ? LAST_EVENT_ID : IF_NONE_MATCH],
    responses,
    ...(route.public ? { security: [] } : {}),
    "x-units": route.public ? 0 : price,
    ...(route.group === null ? {} : { "x-unit-group": route.group }),
    ...(route.scope ? { "x-scope": route.scope } : {}),
    ...route.openapi?.extensions,
  };
}

/** Error responses with the headers every operation's responses carry (per authentication). */
function errorResponses(routes: RouteDef[]): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [status, response] of Object.entries(ERROR_RESPONSES)) {
    // Listed only when an operation uses it (403 is inlined per operation: it names the scope).
    if (!STATUSES.includes(status) && !routes.some((r) => r.openapi?.responses?.[status])) continue;
    const name = RESPONSE_NAMES[status];
    const headers = response.headers as Json;
    out[name] = { ...response, headers: { ...commonHeaders(true), ...headers } };
  }
  return out;
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
  schemas.Meta = META_SCHEMA;
  schemas.Error = ERROR_SCHEMA;
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const data = dataRefs.get(route)!;
    // The envelope, named per data type: {data, meta}; the raw document has none.
    const envelope = route.raw ? data : `${data.replace(/Data$/, "")}Response`;
    if (!route.raw && !route.openapi?.stream)
      schemas[envelope] ??= {
        type: "object",
        description: `Success envelope around ${data}`,
        properties: { data: schemaRef(data), meta: schemaRef("Meta") },
        required: ["data", "meta"],
        additionalProperties: false,
      };
    paths[route.pattern] = { get: operation(route, envelope) };
  }
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
  const doc: Json = {
    openapi: "3.1.0",
    info: {
      title: "Statline API",
      version: "v1",
      description: API_DESCRIPTION,
      contact: CONTACT,
      license: LICENSE,
    },
    servers: SERVERS,
    security: [{ ApiKeyHeader: [] }, { BearerAuth: [] }],
    tags,
    paths,
    components: {
      schemas,
      responses: errorResponses(routes),
      headers: HEADERS,
      securitySchemes: SECURITY_SCHEMES,
    },
  };
  harden(doc);
  return doc;
}
