import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { safeCallbackPath } from "../../lib/auth/callback";
import { crossSiteProblem, csrfProblem, csrfTokenFor } from "../../lib/auth/csrf";
import { hashPassword, verifyPassword } from "../../lib/auth/password";
import { passwordProblem } from "../../lib/auth/password-policy";
import { requestOrigin } from "../../lib/auth/route";
import { registerUser } from "../../lib/auth/signup";
import { signUpInput } from "../../lib/auth/schemas";
import { sqliteTestDb, type TestDb } from "../support/databases";

process.env.NEXTAUTH_SECRET ??= "unit-test-secret-0123456789";

const post = (headers: Record<string, string>) =>
  new Request("http://127.0.0.1:3000/api/dashboard/keys", {
    method: "POST",
    headers: { host: "127.0.0.1:3000", ...headers },
  });

describe("CSRF checks", () => {
  const token = () => csrfTokenFor("user-1");

  it("accepts a same-origin request that echoes the user's token", () => {
    expect(
      csrfProblem(
        post({ origin: "http://127.0.0.1:3000", "sec-fetch-site": "same-origin" }),
        "user-1",
        token(),
      ),
    ).toBeNull();
  });

  it("refuses foreign, opaque and malformed origins and cross-site fetch metadata", () => {
    expect(crossSiteProblem(post({ origin: "http://evil.example" }))).toBe("Cross-origin request refused");
    expect(crossSiteProblem(post({ origin: "null" }))).toBe("Opaque origin refused");
    expect(crossSiteProblem(post({ origin: "::not a url" }))).toBe("Malformed Origin header");
    expect(crossSiteProblem(post({ "sec-fetch-site": "same-site" }))).toBe("Cross-site request refused");
    expect(crossSiteProblem(post({ "sec-fetch-site": "cross-site", origin: "http://127.0.0.1:3000" }))).toBe(
      "Cross-site request refused",
    );
  });

  it("refuses a missing token, another user's token and garbage", () => {
    const req = () => post({ origin: "http://127.0.0.1:3000" });
    expect(csrfProblem(req(), "user-1", null)).toBe("Missing or invalid CSRF token");
    expect(csrfProblem(req(), "user-1", csrfTokenFor("user-2"))).toBe("Missing or invalid CSRF token");
    expect(csrfProblem(req(), "user-1", "zz")).toBe("Missing or invalid CSRF token");
  });
});

describe("sign-in helpers", () => {
  it("keeps post-sign-in redirects on this site", () => {
    expect(safeCallbackPath("/dashboard/usage?range=7d")).toBe("/dashboard/usage?range=7d");
    for (const bad of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      undefined,
      "",
    ]) {
      expect(safeCallbackPath(bad)).toBe("/dashboard");
    }
  });

  it("takes the audit IP from the server-appended peer, not from what the client claims", () => {
    const req = (xff: string) =>
      new Request("http://x/", { headers: { "x-forwarded-for": xff, "user-agent": "ua" } });
    expect(requestOrigin(req("203.0.113.66, 127.0.0.1"))).toEqual({ ip: "127.0.0.1", userAgent: "ua" });
    process.env.TRUST_PROXY_HOPS = "1";
    try {
      expect(requestOrigin(req("203.0.113.66, 198.51.100.7, 10.0.0.2")).ip).toBe("198.51.100.7");
    } finally {
      delete process.env.TRUST_PROXY_HOPS;
    }
  });

  it("hashes passwords with scrypt and verifies only the right one", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(hash).not.toContain("correct horse");
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse battery!", hash)).toBe(false);
    expect(await verifyPassword("anything", null)).toBe(false);
  });

  it("validates sign-up input: trimmed lower-case email; the password rule runs after the limit", async () => {
    expect(signUpInput.parse({ email: "  Ann@Example.COM ", password: "violet tractor anthem" }).email).toBe(
      "ann@example.com",
    );
    const issue = (input: unknown) => signUpInput.safeParse(input).error?.issues[0].message;
    expect(issue({ email: "nope", password: "violet tractor anthem" })).toBe("Enter a valid email address");
    // The shape only: a weak password passes the schema and is refused by passwordProblem, which
    // the route runs after the per-address limit (refusals are counted).
    expect(issue({ email: "a@b.co", password: "0123456789" })).toBeUndefined();
    expect(await passwordProblem("0123456789", ["a@b.co"])).toMatch(/too easy to guess/);
    expect(await passwordProblem("short")).toBe("Password must be at least 10 characters");
    expect(await passwordProblem("x".repeat(201))).toBe("Password must be at most 200 characters");
    expect(await passwordProblem("violet tractor anthem", ["a@b.co"])).toBeNull();
  });
});

describe("registerUser", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await sqliteTestDb();
  });
  afterAll(() => t?.drop());

  it("creates the user and an account of their own, storing only a scrypt hash", async () => {
    const result = await registerUser(t.db, {
      email: "new@example.com",
      password: "correct horse battery",
      name: "Nia",
    });
    expect(result.ok).toBe(true);
    const user = await t.db.user.findUniqueOrThrow({
      where: { email: "new@example.com" },
      include: { account: true },
    });
    expect(user.name).toBe("Nia");
    expect(user.account.name).toBe("Nia");
    expect(user.account.plan).toBe("free");
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    expect(user.passwordHash).not.toContain("correct horse");
  });

  it("refuses a registered email, also when two sign-ups race, and leaves no orphan account", async () => {
    const accountsBefore = await t.db.account.count();
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        registerUser(t.db, { email: "race@example.com", password: "correct horse battery" }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([
      { ok: false, reason: "email_taken" },
      { ok: false, reason: "email_taken" },
    ]);
    expect(await t.db.account.count()).toBe(accountsBefore + 1);
    expect(await registerUser(t.db, { email: "new@example.com", password: "another password" })).toEqual({
      ok: false,
      reason: "email_taken",
    });
  });
});
