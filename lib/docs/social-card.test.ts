import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CARD, socialCardPng } from "./social-card";

const ROOT = path.resolve(__dirname, "../..");

describe("public/ for crawlers", () => {
  it("the social card is the drawing `npm run social-card` makes, a 1200 × 630 PNG", () => {
    const file = fs.readFileSync(path.join(ROOT, "public", "social-card.png"));
    expect(file.equals(socialCardPng())).toBe(true);
    expect(file.subarray(1, 4).toString("ascii")).toBe("PNG");
    expect([file.readUInt32BE(16), file.readUInt32BE(20)]).toEqual([CARD.width, CARD.height]);
  });

  it("robots.txt keeps the dashboard, the console, the API routes and OAuth out", () => {
    const robots = fs.readFileSync(path.join(ROOT, "public", "robots.txt"), "utf8");
    const disallowed = [...robots.matchAll(/^Disallow: (\S+)$/gm)].map((m) => m[1]);
    expect(disallowed.sort()).toEqual(["/api", "/dashboard", "/oauth", "/operator"]);
    expect(robots).toMatch(/^User-agent: \*$/m);
  });
});
