// The Markdown reference in /llms-full.txt, rendered from the OpenAPI document: every GET
// operation with its parameters, response data and errors, then every named schema's fields.
import { deref, resolveTop } from "./openapi-ref";

type Json = Record<string, unknown>;

const refName = (ref: string) => ref.split("/").pop() ?? ref;
const cell = (text: unknown) =>
  String(text ?? "")
    .replace(/\s*\n\s*/g, " ")
    .replace(/\|/g, "\\|");

/** A compact type: `string`, `integer`, `Person[]`, `"raw" \| "1h"`, `string \| null`. */
export function typeOf(schema: unknown): string {
  if (!schema || typeof schema !== "object") return "any";
  const s = schema as Json;
  if (typeof s.$ref === "string") return refName(s.$ref);
  if ("const" in s) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  const union = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(union)) return union.map(typeOf).join(" | ");
  const types = Array.isArray(s.type) ? (s.type as string[]) : s.type ? [s.type as string] : [];
  if (types.length === 0) return s.properties ? "object" : "any";
  return types
    .map((t) => {
      if (t === "array") return `${typeOf(s.items)}[]`;
      if (t === "string" && typeof s.format === "string") return `string (${s.format})`;
      return t;
    })
    .join(" | ");
}

/** Rules a reader needs beside the type: pattern, bounds, default. */
function constraints(schema: Json): string {
  const parts: string[] = [];
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.minimum !== undefined) parts.push(`min ${schema.minimum}`);
  if (schema.maximum !== undefined) parts.push(`max ${schema.maximum}`);
  if (schema.maxLength !== undefined) parts.push(`at most ${schema.maxLength} characters`);
  if (typeof schema.pattern === "string") parts.push(`pattern \`${schema.pattern}\``);
  return parts.join("; ");
}

function parametersTable(doc: Json, op: Json): string[] {
  const params = (deref(doc, op.parameters ?? []) as Json[]).filter(
    (p) => p.in === "path" || p.in === "query",
  );
  if (params.length === 0) return ["No parameters."];
  const rows = params.map((p) => {
    const schema = (p.schema ?? {}) as Json;
    const notes = [p.description ?? schema.description, constraints(schema)].filter(Boolean).join(". ");
    return `| \`${p.name}\` | ${p.in} | ${p.required ? "yes" : "no"} | \`${cell(typeOf(schema))}\` | ${cell(notes)} |`;
  });
  return ["| Parameter | In | Required | Type | Notes |", "|---|---|---|---|---|", ...rows];
}

/** The `data` member of the 200 response, or the whole body for raw routes. */
function responseType(doc: Json, op: Json): string {
  const ok = resolveTop(doc, (op.responses as Json | undefined)?.["200"]) as Json | undefined;
  const schema = (ok?.content as Json | undefined)?.["application/json"] as Json | undefined;
  const body = (resolveTop(doc, schema?.schema) ?? {}) as Json;
  const data = (body.properties as Json | undefined)?.data;
  return data ? `\`{ data: ${typeOf(data)}, meta: Meta }\`` : `\`${typeOf(body)}\``;
}

function errorsLine(doc: Json, op: Json): string {
  const responses = (op.responses ?? {}) as Json;
  return Object.keys(responses)
    .filter((status) => !status.startsWith("2"))
    .map((status) => `${status} ${cell((resolveTop(doc, responses[status]) as Json).description)}`)
    .join("; ");
}

/** One section per GET operation under /v1, in document order. */
export function operationsMarkdown(doc: Json): string[] {
  const out: string[] = [];
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    const op = item.get as Json | undefined;
    if (!op || !path.startsWith("/v1/")) continue;
    out.push(`### GET ${path}`, "", String(op.summary ?? ""), "");
    if (op.description) out.push(String(op.description), "");
    out.push(...parametersTable(doc, op), "", `Response: ${responseType(doc, op)}`, "");
    const errors = errorsLine(doc, op);
    if (errors) out.push(`Errors: ${errors}`, "");
  }
  return out;
}

/** Every named schema with its fields. */
export function schemasMarkdown(doc: Json): string[] {
  const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  const out: string[] = [];
  for (const [name, schema] of Object.entries(schemas)) {
    out.push(`### ${name}`, "");
    if (schema.description) out.push(String(schema.description), "");
    const props = schema.properties as Record<string, Json> | undefined;
    if (!props) {
      out.push(`Type: \`${cell(typeOf(schema))}\``, "");
      continue;
    }
    out.push("| Field | Type | Required | Description |", "|---|---|---|---|");
    out.push(...fieldRows("", schema), "");
  }
  return out;
}

/** The fields of an object schema; an inline object's own fields follow it as `field.sub`. */
function fieldRows(prefix: string, schema: Json): string[] {
  const props = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(props).flatMap(([field, fs]) => {
    const name = `${prefix}${field}`;
    const row = `| \`${name}\` | \`${cell(typeOf(fs))}\` | ${required.has(field) ? "yes" : "no"} | ${cell(fs.description)} |`;
    // A nullable inline object is anyOf [object, null].
    const inline = [fs, ...(((fs.anyOf ?? fs.oneOf) as Json[] | undefined) ?? [])].find((x) => x.properties);
    return inline ? [row, ...fieldRows(`${name}.`, inline)] : [row];
  });
}
