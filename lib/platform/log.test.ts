import { expect, test } from "vitest";
import { createLogger, scrub } from "./log";

function capture() {
  const lines: string[] = [];
  const logger = createLogger({ write: (line: string) => void lines.push(line) });
  logger.level = "info";
  return { logger, text: () => lines.join("") };
}

test("secret-bearing fields are redacted at the top level and nested one or two levels deep", () => {
  const { logger, text } = capture();
  const key = `sk_live_${"Ab12".repeat(8)}`;
  logger.info(
    {
      authorization: `Bearer ${key}`,
      "x-api-key": key,
      password: "hunter2hunter2",
      code_verifier: "v".repeat(43),
    },
    "top",
  );
  logger.info(
    { headers: { authorization: `Bearer ${key}`, "x-api-key": key, cookie: "session=abc123456" } },
    "nested",
  );
  logger.info({ req: { body: { password: "hunter2hunter2", code: "oauth-code-123456" } } }, "deep");
  const out = text();
  expect(out).not.toContain(key);
  expect(out).not.toContain("hunter2");
  expect(out).not.toContain("vvvvvvvv");
  expect(out).not.toContain("abc123456");
  expect(out).not.toContain("oauth-code");
  expect(out.match(/\[redacted\]/g)).toHaveLength(9);
  // Lines are JSON with the fields operators filter on.
  const first = JSON.parse(out.split("\n")[0]) as Record<string, unknown>;
  expect(first).toMatchObject({ level: "info", msg: "top" });
  expect(typeof first.time).toBe("string");
});

test("scrub() cuts full keys in free text to their display prefix", () => {
  const key = `sk_test_${"Zz90".repeat(8)}`;
  expect(scrub(`lookup failed for ${key} at /v1/${key}`)).toBe(
    `lookup failed for ${key.slice(0, 16)}… at /v1/${key.slice(0, 16)}…`,
  );
  expect(scrub("sk_test_short")).toBe("sk_test_short");
});
