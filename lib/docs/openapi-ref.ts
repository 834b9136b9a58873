// Local $ref resolution for the OpenAPI document, shared by llms.txt and the MCP tool schemas.

type Json = Record<string, unknown>;

/** Resolves local `$ref`s ("#/components/...") anywhere in a value; refs are followed at most 32 deep. */
export function deref(doc: Json, value: unknown, depth = 0): unknown {
  if (depth > 32) throw new Error("OpenAPI $ref chain too deep");
  if (Array.isArray(value)) return value.map((v) => deref(doc, v, depth));
  if (!value || typeof value !== "object") return value;
  const obj = value as Json;
  if (typeof obj.$ref === "string" && obj.$ref.startsWith("#/")) {
    const target = obj.$ref
      .slice(2)
      .split("/")
      .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"))
      .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], doc);
    if (target === undefined) throw new Error(`Unresolvable $ref ${obj.$ref}`);
    const { $ref: _ref, ...siblings } = obj;
    return deref(doc, { ...(target as Json), ...siblings }, depth + 1);
  }
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, deref(doc, v, depth)]));
}

/** Follows a top-level `$ref` only (a response or parameter object), leaving nested refs as names. */
export function resolveTop(doc: Json, value: unknown): unknown {
  for (let i = 0; i < 32; i++) {
    const ref = (value as Json | null)?.$ref;
    if (typeof ref !== "string" || !ref.startsWith("#/")) return value;
    value = ref
      .slice(2)
      .split("/")
      .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"))
      .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], doc);
  }
  throw new Error("OpenAPI $ref chain too deep");
}
