/**
 * The one builder of the smaller surfaces' OpenAPI 3.1 documents (/ingest/v1, /sandbox/v1), each
 * from its own route table: every operation is described by the same few facts, and the document
 * around them (key security, error body) is the same.
 */
import { z } from "zod";
import { ERROR_STATUS } from "../api/errors";

export type Json = Record<string, unknown>;

export interface SurfaceOperation {
  method: string;
  /** The path with `{name}` parameters, each documented as a required string. */
  pattern: string;
  summary: string;
  description?: string;
  operationId?: string;
  tags?: readonly string[];
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
}

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
    ...(op.operationId ? { operationId: op.operationId } : {}),
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    ...(op.tags ? { tags: op.tags } : {}),
  };
  if (op.public)
    return {
      ...head,
      security: [],
      responses: {
        200: { description: "OpenAPI 3.1", content: { "application/json": { schema: { type: "object" } } } },
      },
    };
  const parameters = [
    ...[...op.pattern.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
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
    { description, content: { "application/json": { schema: data ?? {} } } },
  ]);
  return {
    ...head,
    ...op.extensions,
    ...(parameters.length ? { parameters } : {}),
    ...(content ? { requestBody: { required: op.body?.required ?? true, content } } : {}),
    responses: {
      ...Object.fromEntries(success),
      ...Object.fromEntries(
        op.refusals.map((s) => [
          s,
          { description: "Refused", content: { "application/json": { schema: error } } },
        ]),
      ),
    },
  };
}

/** The document: key security (bearer or X-API-Key) on every operation but the public ones. */
export function surfaceOpenApi(
  info: { title: string; description: string; errorMessage?: string },
  operations: readonly SurfaceOperation[],
): Json {
  const error = errorBody({ message: info.errorMessage });
  const paths: Record<string, Json> = {};
  for (const op of operations) (paths[op.pattern] ??= {})[op.method.toLowerCase()] = operation(op, error);
  return {
    openapi: "3.1.0",
    info: { title: info.title, version: "v1", description: info.description },
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
}
