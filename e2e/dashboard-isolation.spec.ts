import { expect, test } from "@playwright/test";
import {
  callTeams,
  captureCsrfToken,
  confirmCopied,
  createKeyThroughUi,
  keyRecord,
  newUserPage,
  PASSWORD,
  uniqueEmail,
} from "./dashboard-helpers";

// Each test here signs its own fresh users up, so it does not depend on what other files did.

test("a second user can neither see nor revoke the first user's keys, by UI or by direct request", async ({
  browser,
  baseURL,
}) => {
  const owner = await newUserPage(browser, baseURL, "alice");
  const page = owner.page;
  await page.goto("/dashboard/keys");
  const { key: ownerKey } = await createKeyThroughUi(page, "Owner's private key", "live");
  await confirmCopied(page);
  const ownerPrefix = ownerKey.slice(0, 16);
  const { id: ownerKeyId } = keyRecord(ownerPrefix);

  // Mallory signs up in her own browser and makes a key of her own (capturing her CSRF token).
  const mallory = await newUserPage(browser, baseURL, "mallory");
  const csrf = captureCsrfToken(mallory.page);
  await mallory.page.goto("/dashboard/keys");
  await expect(mallory.page.getByRole("heading", { name: "No API keys yet" })).toBeVisible();
  await createKeyThroughUi(mallory.page, "Mallory's key");
  await confirmCopied(mallory.page);
  expect(csrf()).toMatch(/^[0-9a-f]{64}$/);

  // By UI: the owner's key is on none of her pages.
  for (const path of ["/dashboard/keys", "/dashboard/usage", "/dashboard/audit", "/dashboard"]) {
    await mallory.page.goto(path);
    await expect(mallory.page.getByRole("heading", { level: 1 })).toBeVisible();
    await mallory.page.waitForLoadState("networkidle");
    await expect(mallory.page.locator("body")).not.toContainText(ownerPrefix);
    await expect(mallory.page.locator("body")).not.toContainText("Owner's private key");
  }

  // By direct request, with her valid session and CSRF token.
  const api = mallory.page.request;
  const list = (await (await api.get("/api/dashboard/keys")).json()) as { data: { prefix: string }[] };
  expect(list.data.map((k) => k.prefix)).not.toContain(ownerPrefix);
  expect(list.data).toHaveLength(1);
  const revoke = await api.post(`/api/dashboard/keys/${ownerKeyId}/revoke`, {
    headers: { "x-csrf-token": csrf(), Origin: baseURL! },
  });
  expect(revoke.status()).toBe(404);
  expect(await revoke.json()).toEqual({ error: { code: "NOT_FOUND", message: "API key not found" } });
  const usage = (await (await api.get(`/api/dashboard/usage?range=30d&keyId=${ownerKeyId}`)).json()) as {
    data: { keys: unknown[]; totals: { requests: number } };
  };
  expect(usage.data.keys).toEqual([]);
  const audit = await (await api.get("/api/dashboard/audit")).text();
  expect(audit).not.toContain(ownerPrefix);

  // The owner's key is untouched: still active in her list and still accepted by the API.
  expect((await callTeams(page.request, ownerKey)).status).toBe(200);
  await page.reload();
  await expect(page.getByRole("listitem").filter({ hasText: ownerPrefix })).toContainText("Active");
  await mallory.context.close();
  await owner.context.close();
});

test.describe("CSRF: every dashboard mutation refuses cross-site and tokenless requests", () => {
  test("missing token, wrong token, foreign Origin and cross-site fetch metadata are all refused", async ({
    browser,
    baseURL,
  }) => {
    const { page, context } = await newUserPage(browser, baseURL, "carol");
    const csrf = captureCsrfToken(page);
    await page.goto("/dashboard/keys");
    await createKeyThroughUi(page, "CSRF probe");
    await confirmCopied(page);
    const token = csrf();
    const before = ((await (await page.request.get("/api/dashboard/keys")).json()) as { data: unknown[] })
      .data.length;

    const attempt = (headers: Record<string, string>) =>
      page.request.post("/api/dashboard/keys", { headers, data: { name: "forged", environment: "live" } });
    const cases: [string, Record<string, string>, string][] = [
      ["no token", { Origin: baseURL! }, "Missing or invalid CSRF token"],
      ["wrong token", { Origin: baseURL!, "x-csrf-token": "0".repeat(64) }, "Missing or invalid CSRF token"],
      [
        "evil Origin",
        { Origin: "http://evil.example", "x-csrf-token": token },
        "Cross-origin request refused",
      ],
      [
        "cross-site fetch",
        { "Sec-Fetch-Site": "cross-site", "x-csrf-token": token },
        "Cross-site request refused",
      ],
      ["opaque origin", { Origin: "null", "x-csrf-token": token }, "Opaque origin refused"],
    ];
    for (const [name, headers, message] of cases) {
      const res = await attempt(headers);
      expect(res.status(), name).toBe(403);
      expect(await res.json(), name).toEqual({ error: { code: "FORBIDDEN", message } });
      expect(res.headers()["cache-control"]).toContain("no-store");
    }
    // Revocation is guarded the same way.
    const { data } = (await (await page.request.get("/api/dashboard/keys")).json()) as {
      data: { id: string }[];
    };
    const revoke = await page.request.post(`/api/dashboard/keys/${data[0].id}/revoke`, {
      headers: { Origin: "http://evil.example" },
    });
    expect(revoke.status()).toBe(403);

    // The control: the same request with the token and a same-origin Origin succeeds.
    // (It also claims another address; the audit log records the real peer, not the client's claim.)
    const ok = await attempt({ Origin: baseURL!, "x-csrf-token": token, "X-Forwarded-For": "203.0.113.66" });
    expect(ok.status()).toBe(201);
    const audit = (await (await page.request.get("/api/dashboard/audit?limit=1")).json()) as {
      data: { items: { action: string; ip: string }[] };
    };
    expect(audit.data.items[0]).toMatchObject({ action: "key.created", ip: "127.0.0.1" });
    const after = ((await (await page.request.get("/api/dashboard/keys")).json()) as { data: unknown[] }).data
      .length;
    expect(after).toBe(before + 1);
    await context.close();
  });

  test("a real cross-site form post from another origin creates nothing", async ({ browser, baseURL }) => {
    const { page, context } = await newUserPage(browser, baseURL, "dave");
    const count = async () =>
      ((await (await page.request.get("/api/dashboard/keys")).json()) as { data: unknown[] }).data.length;
    const before = await count();
    // An attacker's page on another site auto-submits a form to the dashboard API.
    await page.route("http://evil.example/**", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<form method="POST" action="${baseURL}/api/dashboard/keys" enctype="text/plain">
          <input name='{"name":"pwned","environment":"live","x":"' value='"}'></form>
          <script>document.forms[0].submit()</script>`,
      }),
    );
    const landed = page.waitForResponse(
      (r) => r.url() === `${baseURL}/api/dashboard/keys` && r.request().method() === "POST",
    );
    await page.goto("http://evil.example/");
    const res = await landed;
    // SameSite=Lax keeps the session cookie off a cross-site POST (401); were it sent, CSRF checks refuse it (403).
    expect([401, 403]).toContain(res.status());
    expect(await count()).toBe(before);
    await context.close();
  });

  test("sign-up refuses cross-site posts too (no login CSRF)", async ({ request }) => {
    const res = await request.post("/api/signup", {
      headers: { Origin: "http://evil.example" },
      data: { email: uniqueEmail("csrf"), password: PASSWORD },
    });
    expect(res.status()).toBe(403);
    expect(await res.json()).toEqual({
      error: { code: "FORBIDDEN", message: "Cross-origin request refused" },
    });
  });

  test("dashboard APIs answer 401 without a session", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    for (const path of [
      "/api/dashboard/keys",
      "/api/dashboard/usage",
      "/api/dashboard/audit",
      "/api/dashboard/overview",
    ]) {
      const res = await context.request.get(path);
      expect(res.status(), path).toBe(401);
      expect(await res.json()).toEqual({ error: { code: "UNAUTHORIZED", message: "Sign in first" } });
    }
    await context.close();
  });
});
