import { expect, test } from "vitest";
import { isDatabaseUnavailable } from "./db-errors";

test("connection failures (direct, Prisma-coded or wrapped in cause) count as unavailable", () => {
  expect(
    isDatabaseUnavailable(
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
    ),
  ).toBe(true);
  expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code: "P1001" }))).toBe(true);
  expect(
    isDatabaseUnavailable(new Error("wrapped", { cause: new Error("Connection terminated unexpectedly") })),
  ).toBe(true);
  expect(
    isDatabaseUnavailable(new Error("Client has encountered a connection error and is not queryable")),
  ).toBe(true);
  expect(
    isDatabaseUnavailable(Object.assign(new Error("admin shutdown"), { cause: { code: "57P01" } })),
  ).toBe(true);
  expect(isDatabaseUnavailable(new Error("key store did not answer within 800 ms"))).toBe(true);
});

test("bugs and bad queries are not mistaken for an outage", () => {
  expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined"))).toBe(false);
  expect(isDatabaseUnavailable(Object.assign(new Error("Unique constraint failed"), { code: "P2002" }))).toBe(
    false,
  );
  expect(
    isDatabaseUnavailable(Object.assign(new Error("value out of range for type integer"), { code: "22003" })),
  ).toBe(false);
  expect(isDatabaseUnavailable(null)).toBe(false);
});
