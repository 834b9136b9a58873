import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { safeCallbackPath, safeRedirectUrl } from "../../lib/auth/callback";
import { copyTemplateDb, startApp, type RunningApp } from "../support/app";
import { ensureTemplateDb } from "../support/template";
import { createUser } from "../support/users";
import { HOSTILE_CALLBACKS, SignInClient } from "./support";

describe("safeCallbackPath", () => {
  it("keeps same-origin paths, normalised", () => {
    expect(safeCallbackPath("/dashboard/usage?range=7d")).toBe("/dashboard/usage?range=7d");
    expect(safeCallbackPath("/dashboard/keys#new")).toBe("/dashboard/keys#new");
    expect(safeCallbackPath("/dashboard/../dashboard/logs")).toBe("/dashboard/logs");
    expect(safeCallbackPath(["/dashboard/audit", "//evil.example"])).toBe("/dashboard/audit");
  });

  it("sends every off-origin or malformed variant to the dashboard", () => {
    for (const bad of [...HOSTILE_CALLBACKS, undefined, null, "", "/" + "a".repeat(600)]) {
      expect(safeCallbackPath(bad), JSON.stringify(bad)).toBe("/dashboard");
    }
  });

  it("checks next-auth's absolute redirect URLs against the origin", () => {
    const base = "http://127.0.0.1:3000";
    expect(safeRedirectUrl("/dashboard/keys", base)).toBe(`${base}/dashboard/keys`);
    expect(safeRedirectUrl(`${base}/dashboard/usage?x=1`, base)).toBe(`${base}/dashboard/usage?x=1`);
    for (const bad of [
      ...HOSTILE_CALLBACKS,
      "http://127.0.0.1:3001/dashboard",
      "http://127.0.0.1:3000@evil.example/",
      `${base}/\t/evil.example`,
      `${base}//evil.example`,
      "not a url",
    ]) {
      expect(safeRedirectUrl(bad, base), JSON.stringify(bad)).toBe(`${base}/dashboard`);
    }
  });
});

describe("redirects over HTTP (production server, next-auth's sign-in flow)", () => {
  let app: RunningApp;
  const email = "redirects@example.com";
  const password = "violet tractor anthem 42";
  beforeAll(async () => {
    const databaseUrl = copyTemplateDb(ensureTemplateDb());
    createUser(databaseUrl, email, password);
    app = await startApp({ databaseUrl });
  });
  afterAll(() => app?.stop());

  it("the credentials callback only ever answers with an on-origin URL", { timeout: 300_000 }, async () => {
    const client = new SignInClient(app.baseUrl);
    for (const callbackUrl of HOSTILE_CALLBACKS) {
      const res = await client.credentials(email, password, { callbackUrl });
      expect(res.status, callbackUrl).toBe(200);
      const { url } = (await res.json()) as { url: string };
      expect(new URL(url).origin, `${callbackUrl} -> ${url}`).toBe(app.baseUrl);
      expect(url, callbackUrl).toBe(`${app.baseUrl}/dashboard`);
    }
  });

  it(
    "the sign-in page never redirects off-origin and never fails on a newline",
    { timeout: 120_000 },
    async () => {
      const client = new SignInClient(app.baseUrl);
      const signedOut = new SignInClient(app.baseUrl);
      expect((await client.credentials(email, password)).status).toBe(200);
      for (const callbackUrl of HOSTILE_CALLBACKS) {
        const q = `/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`;
        const res = await client.get(q);
        expect(res.status, callbackUrl).toBe(307);
        expect(res.headers.get("location"), callbackUrl).toMatch(/^\/dashboard$|\/dashboard$/);
        const page = await signedOut.get(q);
        expect(page.status, callbackUrl).toBe(200);
        // The form's destination (Next also echoes the raw query in its router state, inert).
        expect(/callbackUrl\\":\\"([^\\]*)\\"/.exec(await page.text())?.[1], callbackUrl).toBe("/dashboard");
      }
      const ok = await client.get(`/signin?callbackUrl=${encodeURIComponent("/dashboard/keys")}`);
      expect(ok.headers.get("location")).toMatch(/\/dashboard\/keys$/);
    },
  );
});
