// Tool input schemas come from the OpenAPI document (itself generated from the API's zod
// validators in lib/api/endpoints), so a tool accepts exactly what the endpoint accepts.

import { deref } from "../docs/openapi-ref";

type Json = Record<string, unknown>;

export interface ToolInput {
  /** JSON Schema of the tool's arguments: an object, no additional properties. */
  schema: Json;
  /** Which arguments go into the path, and which into the query string. */
  pathParams: string[];
  queryParams: string[];
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Json;
}

/**
 * The arguments of the GET operation at `path`: its path and query parameters, each with the
 * parameter's own schema and description. `describe` adds context to a parameter (e.g. what the
 * path id names).
 */
export function toolInput(doc: Json, path: string, describe: Record<string, string> = {}): ToolInput {
  const op = (doc.paths as Record<string, { get?: { parameters?: unknown[] } }> | undefined)?.[path]?.get;
  if (!op) throw new Error(`The OpenAPI document has no GET ${path}`);
  const params = ((deref(doc, op.parameters ?? []) as Parameter[]) ?? []).filter(
    (p) => p.in === "path" || p.in === "query",
  );
  const properties: Record<string, Json> = {};
  const required: string[] = [];
  for (const p of params) {
    const { $schema: _s, ...schema } = p.schema ?? {};
    const description = describe[p.name] ?? p.description ?? (schema.description as string | undefined);
    properties[p.name] = { ...schema, ...(description ? { description } : {}) };
    if (p.required || p.in === "path") required.push(p.name);
  }
  return {
    schema: { type: "object", properties, required, additionalProperties: false },
    pathParams: params.filter((p) => p.in === "path").map((p) => p.name),
    queryParams: params.filter((p) => p.in === "query").map((p) => p.name),
  };
}
