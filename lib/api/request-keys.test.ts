import { expect, test } from "vitest";
import { z } from "zod";
import { ApiError } from "../platform/errors";
import { parseQuery } from "./request";

// Every name Object.prototype carries, given once as a query key: an unknown key (400 "unknown
// parameter") for a strict schema and a plain value for a schema that declares it, never "given
// more than once".
const PROTO_NAMES = [...Object.getOwnPropertyNames(Object.prototype), "__proto__"];

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return err.message;
    throw err;
  }
  return "accepted";
}

test.each(PROTO_NAMES)("query key %s given once is an unknown parameter, not a repeat", (name) => {
  const q = new URLSearchParams([[name, "1"]]);
  const message = refusal(() => parseQuery(q, z.strictObject({ limit: z.string().optional() })));
  expect(message).toContain("unknown parameter");
  expect(message).not.toContain("more than once");
});

// zod's own output object cannot carry an own `__proto__` key, and no route declares one.
const DECLARABLE = PROTO_NAMES.filter((n) => n !== "__proto__");

test.each(DECLARABLE)("query key %s is read when the schema declares it", (name) => {
  const q = new URLSearchParams([[name, "x"]]);
  const out = parseQuery(q, z.strictObject({ [name]: z.string() })) as Record<string, unknown>;
  expect(Object.getOwnPropertyDescriptor(out, name)?.value).toBe("x");
});

test.each(PROTO_NAMES)("query key %s given twice is still refused as a repeat", (name) => {
  const q = new URLSearchParams([
    [name, "1"],
    [name, "2"],
  ]);
  expect(refusal(() => parseQuery(q, z.strictObject({})))).toContain("given more than once");
});
