import { describe, expect, it } from "vitest";
import { trailingSlashTarget } from "./trailing-slash";

describe("trailing-slash redirect target", () => {
  it("keeps the query byte for byte, prototype-named keys included", () => {
    expect(trailingSlashTarget("/docs/?constructor=1&toString=2&__proto__=3")).toBe(
      "/docs?constructor=1&toString=2&__proto__=3",
    );
    expect(trailingSlashTarget("/dashboard/keys//?a=1&a=2")).toBe("/dashboard/keys?a=1&a=2");
  });

  it("leaves paths without a trailing slash, and / itself, alone", () => {
    expect(trailingSlashTarget("/")).toBeNull();
    expect(trailingSlashTarget("/docs")).toBeNull();
    expect(trailingSlashTarget("/docs?next=/x/")).toBeNull();
  });

  it("never produces a protocol-relative Location", () => {
    expect(trailingSlashTarget("//evil.example/")).toBe("/evil.example");
    expect(trailingSlashTarget("/\\evil.example/")).toBe("/evil.example");
    expect(trailingSlashTarget("///")).toBe("/");
  });
});
