import { describe, expect, it } from "vitest";
import { sqliteIso } from "./sql";

// What strftime('%Y-%m-%dT%H:%M:%fZ', col) printed before the conversion moved to JS.
describe("sqliteIso", () => {
  it("slices Prisma's own DateTime text", () => {
    expect(sqliteIso("2025-08-06T01:11:00.123+00:00")).toBe("2025-08-06T01:11:00.123Z");
  });
  it("reads other spellings as UTC, like strftime", () => {
    expect(sqliteIso("2025-08-06 01:11:00")).toBe("2025-08-06T01:11:00.000Z");
    expect(sqliteIso("2025-08-06T03:11:00.5+02:00")).toBe("2025-08-06T01:11:00.500Z");
    expect(sqliteIso("2025-08-06T01:11:00Z")).toBe("2025-08-06T01:11:00.000Z");
    expect(sqliteIso(Date.UTC(2025, 7, 6, 1, 11))).toBe("2025-08-06T01:11:00.000Z");
  });
});
