import { describe, expect, it } from "vitest";
import { errorRequests } from "./status";

describe("errorRequests", () => {
  it("counts 429s with the 4xx and 5xx (18 of 31 were 429s, shown as 0.0%)", () => {
    expect(errorRequests({ "4xx": 0, "429": 18, "5xx": 0 })).toBe(18);
    expect(errorRequests({ "4xx": 2, "429": 3, "5xx": 1 })).toBe(6);
  });
});
