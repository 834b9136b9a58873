import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveGitHubSignIn, verifiedGitHubEmail } from "../../lib/auth/github";
import { cheapPasswordProblem, passwordProblem } from "../../lib/auth/password-policy";
import { signUpInput } from "../../lib/auth/schemas";
import { copyTemplateDb, startApp, type RunningApp } from "../support/app";
import { sqliteTestDb, type TestDb } from "../support/databases";
import { ensureTemplateDb } from "../support/template";

describe("password policy (zxcvbn-ts in a worker thread, offline lists)", () => {
  it("refuses common, breached and patterned passwords, and ones built from the email", async () => {
    for (const weak of ["aaaaaaaaaa", "password123", "qwertyuiop", "0123456789", "iloveyou12", "Summer2024!"])
      expect(await passwordProblem(weak), weak).toMatch(/too easy to guess/);
    expect(await passwordProblem("anna.smith1987", ["anna.smith1987@example.com"])).toMatch(
      /too easy to guess/,
    );
    expect(await passwordProblem("violet tractor anthem 42")).toBeNull();
    expect(await passwordProblem("short")).toBe("Password must be at least 10 characters");
    expect(await passwordProblem("x".repeat(201))).toBe("Password must be at most 200 characters");
  });

  it("refuses the famous phrase, a season and this year, and passwords built from the email (cheaply)", async () => {
    // zxcvbn alone scored these 3 or more (accepted) before the cheap rules.
    for (const weak of ["correcthorsebatterystaple", "Correct Horse Battery Staple", "Summer2026!!"])
      expect(cheapPasswordProblem(weak), weak).toMatch(/too easy to guess/);
    const email = ["jonathan.blackwood@corp.example"];
    for (const weak of ["jonathan.blackwood!!", "Blackwood.Jonathan.2026", "jonathanblackwood42#"])
      expect(cheapPasswordProblem(weak, email), weak).toMatch(/too easy to guess/);
    expect(await passwordProblem("jonathan.blackwood!!", email)).toMatch(/too easy to guess/);
    // A real phrase that happens to contain a name still passes.
    expect(cheapPasswordProblem("jonathan likes violet tractor anthems", email)).toBeNull();
  });

  it("is not part of the sign-up shape check (it runs after the per-address limit)", () => {
    expect(signUpInput.safeParse({ email: "a@b.co", password: "aaaaaaaaaa" }).success).toBe(true);
    expect(signUpInput.safeParse({ email: "nope", password: "violet tractor anthem 42" }).success).toBe(
      false,
    );
  });
});

describe("GitHub sign-in never links by an unverified email", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await sqliteTestDb();
  });
  afterAll(() => t?.drop());
  const gh = (id: string, email: string | null, currentUserId: string | null = null, emailVerified = true) =>
    resolveGitHubSignIn(t.db, {
      providerAccountId: id,
      type: "oauth",
      email,
      emailVerified,
      name: null,
      currentUserId,
    });

  it("refuses a GitHub identity whose email belongs to an unverified password account", async () => {
    const victim = await t.db.user.create({
      data: { email: "victim@corp.example", passwordHash: "scrypt$x", account: { create: { name: "x" } } },
    });
    expect(await gh("1001", "Victim@corp.example")).toEqual({ ok: false, reason: "email_in_use" });
    expect(await t.db.oAuthAccount.count({ where: { userId: victim.id } })).toBe(0);
  });

  it("links explicitly while signed in, and to a verified email", async () => {
    const owner = await t.db.user.create({
      data: { email: "owner@corp.example", account: { create: { name: "o" } } },
    });
    expect(await gh("1002", "other@corp.example", owner.id)).toEqual({ ok: true, userId: owner.id });
    expect(await gh("1002", "other@corp.example")).toEqual({ ok: true, userId: owner.id });
    const someoneElse = await t.db.user.create({
      data: { email: "else@corp.example", account: { create: { name: "e" } } },
    });
    expect(await gh("1002", null, someoneElse.id)).toEqual({ ok: false, reason: "linked_elsewhere" });
    const verified = await t.db.user.create({
      data: { email: "verified@corp.example", emailVerified: new Date(), account: { create: { name: "v" } } },
    });
    // An address GitHub has not verified never reaches an existing account, verified or not.
    expect(await gh("1006", "verified@corp.example", null, false)).toEqual({
      ok: false,
      reason: "unverified_email",
    });
    expect(await gh("1003", "verified@corp.example")).toEqual({ ok: true, userId: verified.id });
  });

  it("takes only an address GitHub verified (the primary one first)", () => {
    const emails = [
      { email: "first@corp.example", primary: false, verified: false },
      { email: "primary@corp.example", primary: true, verified: false },
      { email: "other@corp.example", primary: false, verified: true },
    ];
    expect(verifiedGitHubEmail(emails)).toBe("other@corp.example");
    expect(
      verifiedGitHubEmail([...emails, { email: "p2@corp.example", primary: true, verified: true }]),
    ).toBe("p2@corp.example");
    expect(verifiedGitHubEmail(emails.slice(0, 2))).toBeNull();
    expect(verifiedGitHubEmail({ message: "Bad credentials" })).toBeNull();
    expect(verifiedGitHubEmail([null, 42, { verified: true }])).toBeNull();
  });

  it("creates a new account for a new email, and refuses a GitHub user without one", async () => {
    const result = await gh("1004", "fresh@corp.example");
    expect(result.ok).toBe(true);
    // Verified on GitHub: the new account's address counts as verified; otherwise it does not.
    expect(
      (await t.db.user.findUniqueOrThrow({ where: { email: "fresh@corp.example" } })).emailVerified,
    ).not.toBeNull();
    expect((await gh("1007", "unsure@corp.example", null, false)).ok).toBe(true);
    expect(
      (await t.db.user.findUniqueOrThrow({ where: { email: "unsure@corp.example" } })).emailVerified,
    ).toBeNull();
    expect(await gh("1005", null)).toEqual({ ok: false, reason: "no_email" });
  });
});

describe("sign-up over HTTP", () => {
  let app: RunningApp;
  beforeAll(async () => {
    const databaseUrl = copyTemplateDb(ensureTemplateDb());
    app = await startApp({ databaseUrl, env: { TRUST_PROXY_HOPS: "1" } });
  });
  afterAll(() => app?.stop());

  const signUp = (ip: string, email: string, password = "violet tractor anthem 42") =>
    fetch(`${app.baseUrl}/api/signup`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify({ email, password }),
    });

  it("answers a registered email exactly like a new one", async () => {
    const first = await signUp("198.51.100.10", "taken@example.com");
    const again = await signUp("198.51.100.11", "taken@example.com", "another violet tractor 7");
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
  });

  it("refuses a weak password with 400", async () => {
    const res = await signUp("198.51.100.12", "weak@example.com", "aaaaaaaaaa");
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("INVALID_PARAMETER");
  });

  it("limits sign-ups per IP (5 an hour by default) with 429 and Retry-After", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await signUp("198.51.100.20", `flood${i}@example.com`)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
    const refused = await signUp("198.51.100.20", "flood9@example.com");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await signUp("198.51.100.21", "elsewhere@example.com")).status).toBe(201);
  });
});
