/**
 * Postman (collection format v2.1) and Bruno collections of this instance's three OpenAPI documents
 * (/v1, /ingest/v1, /sandbox/v1), served under /sdk/collections/ with an environment template
 * (`baseUrl`, `apiKey` and one variable per id in a path). Every request carries a test: the
 * status is one its operation declares (never 5xx) and the body is the API's envelope, so
 * `newman run` and `bru run` check the server against its documents.
 */
import type { Json } from "../docs/surface-openapi";
import type { ZipEntry } from "./zip";

export interface Doc {
  /** Folder name: "v1", "ingest", "sandbox". */
  name: string;
  doc: Json;
}

interface Op {
  folder: string;
  method: string;
  path: string;
  name: string;
  keyed: boolean;
  query: { name: string; enabled: boolean }[];
  headers: Record<string, string>;
  body: unknown;
  statuses: number[];
  envelope: boolean;
}

/** Paths that are not one request and one answer (an endless event stream). */
const SKIPPED = new Set(["/v1/stream"]);
const SINGULAR: Record<string, string> = { replays: "replay", persons: "person" };

/** The environment variable a path parameter reads: /v1/contests/{id} -> contest_id. */
function varFor(path: string, param: string): string {
  if (param !== "id") return param;
  const before = path.split("/{id}")[0].split("/").pop() ?? "record";
  return `${SINGULAR[before] ?? before.replace(/ies$/, "y").replace(/s$/, "")}_id`;
}

const templated = (path: string) => path.replace(/\{(\w+)\}/g, (_, p: string) => `{{${varFor(path, p)}}}`);

/** A request body from its schema: required fields with placeholders, ids from the environment. */
function example(schema: Json | undefined, name = ""): unknown {
  if (!schema) return undefined;
  const union = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (union) return example(union.find((s) => s.type !== "null") ?? union[0], name);
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (/_id$/.test(name) && type === "string") return `{{${name}}}`;
  switch (type) {
    case "object": {
      const props = (schema.properties ?? {}) as Record<string, Json>;
      const required = (schema.required ?? []) as string[];
      return Object.fromEntries(required.map((p) => [p, example(props[p], p)]));
    }
    case "array":
      return [example(schema.items as Json, name)];
    case "integer":
    case "number":
      return typeof schema.minimum === "number" ? schema.minimum : 1;
    case "boolean":
      return true;
    case "string":
      return schema.format === "date-time"
        ? "2026-01-01T12:00:00Z"
        : schema.format === "date"
          ? "2026-01-01"
          : "x";
    default:
      return null;
  }
}

function operations(docs: readonly Doc[]): Op[] {
  const ops: Op[] = [];
  for (const { name: folder, doc } of docs) {
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
      if (SKIPPED.has(path)) continue;
      for (const [method, op] of Object.entries(item)) {
        const params = (op.parameters ?? []) as { name: string; in: string; required?: boolean }[];
        const headers: Record<string, string> = {};
        for (const h of params.filter((p) => p.in === "header" && p.required))
          headers[h.name] = h.name === "Idempotency-Key" ? "statline-collection-run" : "x";
        const keyed = !(Array.isArray(op.security) && op.security.length === 0);
        if (keyed) headers["X-API-Key"] = "{{apiKey}}";
        const content = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
        const body = content ? example(content["application/json"]?.schema as Json) : undefined;
        if (body !== undefined) headers["Content-Type"] = "application/json";
        ops.push({
          folder,
          method: method.toUpperCase(),
          path,
          name: String(op.summary ?? op.operationId),
          keyed,
          query: params.filter((p) => p.in === "query").map((p) => ({ name: p.name, enabled: !!p.required })),
          headers,
          body,
          statuses: Object.keys(op.responses as Json)
            .map(Number)
            .filter((s) => s < 500),
          // The documents themselves are raw OpenAPI; every other answer is {data} or {error}.
          envelope: !path.endsWith("/openapi.json"),
        });
      }
    }
  }
  return ops;
}

const VARIABLES = (docs: readonly Doc[]) => [
  "baseUrl",
  "apiKey",
  ...new Set(
    operations(docs).flatMap((o) => [
      ...[...o.path.matchAll(/\{(\w+)\}/g)].map((m) => varFor(o.path, m[1])),
      ...o.query.filter((q) => q.enabled).map((q) => q.name),
      ...(JSON.stringify(o.body ?? null).match(/\{\{(\w+)\}\}/g) ?? []).map((v) => v.slice(2, -2)),
    ]),
  ),
];

const checks = (op: Op, lang: "postman" | "bruno"): string[] => {
  const status = lang === "postman" ? "pm.response.code" : "res.getStatus()";
  const body = lang === "postman" ? "pm.response.json()" : "res.getBody()";
  const t = lang === "postman" ? "pm.test" : "test";
  const expect = lang === "postman" ? "pm.expect" : "expect";
  return [
    `${t}("answers a status the document declares", function () {`,
    `  ${expect}(${JSON.stringify(op.statuses)}).to.include(${status});`,
    `});`,
    ...(op.envelope
      ? [
          `${t}("answers the API's envelope", function () {`,
          `  const body = ${body};`,
          `  if (${status} < 300) ${expect}(body).to.have.property("data");`,
          `  else ${expect}(body.error).to.have.all.keys("code", "message");`,
          `});`,
        ]
      : []),
  ];
};

const urlOf = (op: Op) => {
  const enabled = op.query.filter((q) => q.enabled).map((q) => `${q.name}={{${q.name}}}`);
  return `{{baseUrl}}${templated(op.path)}${enabled.length ? `?${enabled.join("&")}` : ""}`;
};

/** The Postman v2.1 collection: a folder per document. */
export function postmanCollection(docs: readonly Doc[], version: string): Json {
  const ops = operations(docs);
  return {
    info: {
      name: "Statline",
      description: "Generated from this instance's OpenAPI documents (/v1, /ingest/v1, /sandbox/v1).",
      version,
      schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json",
    },
    item: docs.map((d) => ({
      name: d.name,
      item: ops
        .filter((o) => o.folder === d.name)
        .map((o) => ({
          name: o.name,
          request: {
            method: o.method,
            header: Object.entries(o.headers).map(([key, value]) => ({ key, value })),
            url: {
              raw: urlOf(o),
              host: ["{{baseUrl}}"],
              path: templated(o.path).split("/").filter(Boolean),
              query: o.query.map((q) => ({ key: q.name, value: `{{${q.name}}}`, disabled: !q.enabled })),
            },
            ...(o.body !== undefined ? { body: { mode: "raw", raw: JSON.stringify(o.body, null, 2) } } : {}),
          },
          event: [{ listen: "test", script: { type: "text/javascript", exec: checks(o, "postman") } }],
        })),
    })),
  };
}

/** The Postman environment template: fill in apiKey and the ids you want to read. */
export function postmanEnvironment(docs: readonly Doc[], baseUrl: string): Json {
  return {
    name: "Statline",
    values: VARIABLES(docs).map((key) => ({
      key,
      value: key === "baseUrl" ? baseUrl : "",
      type: key === "apiKey" ? "secret" : "default",
      enabled: true,
    })),
    _postman_variable_scope: "environment",
  };
}

/** The Bruno collection as files (bruno.json, environments/Statline.bru, one .bru per request). */
export function brunoFiles(docs: readonly Doc[], baseUrl: string): ZipEntry[] {
  const files: ZipEntry[] = [
    {
      name: "Statline/bruno.json",
      data: Buffer.from(JSON.stringify({ version: "1", name: "Statline", type: "collection" }, null, 2)),
    },
    {
      name: "Statline/environments/Statline.bru",
      data: Buffer.from(
        `vars {\n${VARIABLES(docs)
          .map((v) => `  ${v}: ${v === "baseUrl" ? baseUrl : "-"}`)
          .join("\n")}\n}\n`,
      ),
    },
  ];
  const seen = new Set<string>();
  operations(docs).forEach((o, i) => {
    let file = `${o.method.toLowerCase()} ${o.path.replace(/[{}]/g, "").replace(/[/.]/g, " ").trim()}`;
    while (seen.has(file)) file += "_";
    seen.add(file);
    const indent = (s: string) =>
      s
        .split("\n")
        .map((l) => `  ${l}`)
        .join("\n");
    const blocks = [
      `meta {\n  name: ${o.name.replace(/[{}\n]/g, " ")}\n  type: http\n  seq: ${i + 1}\n}`,
      `${o.method.toLowerCase()} {\n  url: ${urlOf(o)}\n  body: ${o.body !== undefined ? "json" : "none"}\n  auth: none\n}`,
      ...(o.query.length
        ? [
            `params:query {\n${o.query.map((q) => `  ${q.enabled ? "" : "~"}${q.name}: {{${q.name}}}`).join("\n")}\n}`,
          ]
        : []),
      `headers {\n${Object.entries(o.headers)
        .map(([k, v]) => `  ${k}: ${v}`)
        .join("\n")}\n}`,
      ...(o.body !== undefined ? [`body:json {\n${indent(JSON.stringify(o.body, null, 2))}\n}`] : []),
      `tests {\n${indent(checks(o, "bruno").join("\n"))}\n}`,
    ].filter((b) => !/^headers \{\n\}$/.test(b));
    files.push({ name: `Statline/${o.folder}/${file}.bru`, data: Buffer.from(`${blocks.join("\n\n")}\n`) });
  });
  return files;
}
