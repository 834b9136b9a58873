import { describe, expect, it } from "vitest";
import { z } from "zod";
import { consentForm } from "./choice";

describe("consentForm: what a key-consent form post decides", () => {
  const form = consentForm("user_code", z.string().regex(/^[A-Z]{8}$/), 90);

  it("takes a post without environment, scopes or expiry (a deny, a scripted post) with the defaults", () => {
    expect(form.parse({ user_code: "ABCDEFGH", decision: "deny" })).toEqual({
      target: "ABCDEFGH",
      decision: "deny",
      choice: { environment: "test", scopes: [], expiresDays: 90 },
    });
  });

  it("keeps the known scopes (the issuing policy refuses `ingest`), live only when asked for, and never as no expiry", () => {
    const parsed = form.parse({
      user_code: "ABCDEFGH",
      decision: "approve",
      scope: ["teams", "ingest", "nonsense", "odds"],
      environment: "live",
      expires_days: "never",
    });
    expect(parsed.choice).toEqual({
      environment: "live",
      scopes: ["teams", "ingest", "odds"],
      expiresDays: null,
    });
    expect(
      form.parse({ user_code: "ABCDEFGH", decision: "approve", scope: "teams", expires_days: "12" }).choice,
    ).toEqual({ environment: "test", scopes: ["teams"], expiresDays: 90 });
  });

  it("refuses a missing or malformed target and an unknown decision", () => {
    expect(form.safeParse({ decision: "approve" }).success).toBe(false);
    expect(form.safeParse({ user_code: "abc", decision: "approve" }).success).toBe(false);
    expect(form.safeParse({ user_code: "ABCDEFGH", decision: "maybe" }).success).toBe(false);
  });
});
