/**
 * The one builder of the smaller surfaces' OpenAPI 3.1 documents (/ingest/v1, /sandbox/v1), each
 * from its own route table: every operation is described by the same few facts, and the document
 * around them (key security, error body) is the same.
 */
import { z } from "zod";
import { ERROR_STATUS } from "../platform/errors";
import { CONTACT, harden, HEADERS, headerRef, LICENSE, SERVERS } from "./openapi-parts";

export type Json = Record<string, unknown>;

export interface SurfaceOperation {
  method: string;
  /** The path with `{name}` parameters, each documented as a required string. */
  pattern: string;
  summary: string;
  /** Falls back to the summary (every operation has a description in the document). */
  description?: string;
  operationId: string;
  tags: readonly string[];
  /** The document itself: no key, a bare 200. */
  public?: boolean;
  /** The request body's schema; ndjson: the array's items also as application/x-ndjson. */
  body?: { schema: z.ZodType; required?: boolean; ndjson?: boolean };
  /** The `data` of the success answer, and its status (or statuses). */
  response?: z.ZodType;
  ok?: Record<number, string>;
  /** The statuses answered with the error body. */
  refusals: readonly number[];
  /** Further header parameters. */
  headers?: readonly Json[];
  /** Vendor extensions (`x-…`). */
  extensions?: Json;
  /** Schemas of path parameters by name (default: a string). */
  pathParams?: Record<string, Json>;
  /** Further headers of the success answers (an ingest replay's Idempotent-Replayed). */
  okHeaders?: readonly string[];
}

/** Headers of every answer, and of every answer to a request whose key was checked. */
const EVERY = ["X-Request-Id", "Access-Control-Allow-Origin"];
const KEYED = [
  "X-RateLimit-Limit",
  "X-RateLimit-Remaining",
  "X-RateLimit-Reset",
  "RateLimit",
  "RateLimit-Policy",
];
const UNITS = ["X-Units-Cost", "X-Units-Used", "X-Units-Remaining", "Cache-Control"];
/** Headers an error status adds (lib/platform/errors.ts, lib/api/auth.ts). */
const ERROR_HEADERS: Record<number, string[]> = {
  401: ["WWW-Authenticate"],
  405: ["Allow"],
  429: ["Retry-After"],
  503: ["Retry-After"],
};
/** Answered by every operation besides its own refusals: wrong method, a fault, a store down. */
const ALWAYS = [405, 500, 503];
const SURFACE_HEADERS: Record<string, Json> = {
  ...HEADERS,
  "Idempotent-Replayed": {
    description: "`true` when the answer is the stored one for a repeated Idempotency-Key",
    schema: { type: "string", enum: ["true"] },
  },
};
const headersOf = (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, headerRef(n)]));

/** A zod schema as JSON Schema, without `$schema` (it sits inside the document). */
export const schemaOf = (s: z.ZodType, io: "input" | "output"): Json => {
  const { $schema: _s, ...rest } = z.toJSONSchema(s, { io, unrepresentable: "any" }) as Json;
  return rest;
};

/** The {error:{code,message}} body: the surface's codes, and any fields of its own (the handoff's `interval`). */
export const errorBody = (opts: { codes?: readonly string[]; message?: string; extra?: Json } = {}) => ({
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      properties: {
        code: { type: "string", enum: opts.codes ?? Object.keys(ERROR_STATUS) },
        message: { type: "string", ...(opts.message ? { description: opts.message } : {}) },
        ...opts.extra,
      },
    },
  },
});

function operation(op: SurfaceOperation, error: Json): Json {
  const head = {
    operationId: op.operationId,
    summary: op.summary,
    description: op.description ?? `${op.summary}.`,
    tags: op.tags,
  };
  const refusal = (s: number, keyed: boolean) => [
    s,
    {
      description: s === 500 ? "Server fault: quote the request id" : "Refused",
      headers: headersOf([
        ...EVERY,
        ...(keyed && s !== 401 && s !== 503 ? KEYED : []),
        ...(ERROR_HEADERS[s] ?? []),
      ]),
      content: { "application/json": { schema: error } },
    },
  ];
  if (op.public)
    return {
      ...head,
      security: [],
      responses: {
        200: {
          description: "OpenAPI 3.1",
          headers: headersOf(EVERY),
          content: { "application/json": { schema: { type: "object" } } },
        },
        ...Object.fromEntries([405, 500].map((s) => refusal(s, false))),
      },
    };
  const parameters = [
    ...[...op.pattern.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: op.pathParams?.[m[1]] ?? { type: "string" },
    })),
    ...(op.headers ?? []),
  ];
  const body = op.body && schemaOf(op.body.schema, "input");
  const items = (body?.items as Json | undefined) ?? body;
  const content: Json | undefined =
    body &&
    (op.body?.ndjson
      ? { "application/json": { schema: items }, "application/x-ndjson": { schema: items } }
      : { "application/json": { schema: body } });
  const data = op.response && {
    type: "object",
    required: ["data"],
    properties: { data: schemaOf(op.response, "output") },
  };
  const success = Object.entries(op.ok ?? { 200: "OK" }).map(([status, description]) => [
    status,
    {
      description,
      headers: headersOf([...EVERY, ...KEYED, ...UNITS, ...(op.okHeaders ?? [])]),
      content: { "application/json": { schema: data ?? {} } },
    },
  ]);
  const refusals = [...new Set([...op.refusals, ...ALWAYS])].sort((a, b) => a - b);
  return {
    ...head,
    ...op.extensions,
    ...(parameters.length ? { parameters } : {}),
    ...(content ? { requestBody: { required: op.body?.required ?? true, content } } : {}),
    responses: {
      ...Object.fromEntries(success),
      ...Object.fromEntries(refusals.map((s) => refusal(s, true))),
    },
  };
}

/** The document: key security (bearer or X-API-Key) on every operation but the public ones. */
export function surfaceOpenApi(
  info: { title: string; description: string; errorMessage?: string; tags: Record<string, string> },
  operations: readonly SurfaceOperation[],
): Json {
  const used = new Set(operations.flatMap((op) => op.tags));
  for (const tag of used) if (!info.tags[tag]) throw new Error(`tag ${tag} has no description`);
  const error = errorBody({ message: info.errorMessage });
  const paths: Record<string, Json> = {};
  for (const op of operations) (paths[op.pattern] ??= {})[op.method.toLowerCase()] = operation(op, error);
  const doc = {
    openapi: "3.1.0",
    info: {
      title: info.title,
      version: "v1",
      description: info.description,
      contact: CONTACT,
      license: LICENSE,
    },
    servers: SERVERS,
    security: [{ bearer: [] }, { apiKey: [] }],
    tags: Object.entries(info.tags)
      .filter(([name]) => used.has(name))
      .map(([name, description]) => ({ name, description })),
    components: {
      headers: Object.fromEntries(
        Object.entries(SURFACE_HEADERS).filter(([name]) =>
          JSON.stringify(paths).includes(`/headers/${name}"`),
        ),
      ),
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer" },
        apiKey: { type: "apiKey", in: "header", name: "X-API-Key" },
      },
    },
    paths,
  };
  harden(doc);
  return doc;
}
