import { expect, test } from "@playwright/test";
import { callTeams, confirmCopied, createKeyThroughUi, newUserPage } from "./dashboard-helpers";

// Each dashboard page arrives with its data in the HTML (components/Prefetched.tsx): the browser
// does not ask the API for it again after load, and hydrating that HTML raises no mismatch (times
// that depend on "now" render with the server's clock until hydrated: components/clock.ts).
const PAGES: { path: string; prefetched: string[]; inHtml: string }[] = [
  {
    path: "/dashboard",
    prefetched: ["/api/dashboard/overview", "/api/dashboard/audit"],
    inHtml: "Use your test key",
  },
  { path: "/dashboard/keys", prefetched: ["/api/dashboard/keys"], inHtml: "First paint key" },
  {
    path: "/dashboard/usage",
    prefetched: ["/api/dashboard/usage", "/api/dashboard/keys"],
    inHtml: "First paint key",
  },
  {
    path: "/dashboard/logs",
    prefetched: ["/api/dashboard/logs", "/api/dashboard/keys"],
    inHtml: "/v1/teams",
  },
  {
    path: "/dashboard/webhooks",
    prefetched: ["/api/dashboard/webhooks"],
    inHtml: "No webhook endpoints yet",
  },
  { path: "/dashboard/alerts", prefetched: ["/api/dashboard/alerts"], inHtml: "No alerts" },
  { path: "/dashboard/audit", prefetched: ["/api/dashboard/audit"], inHtml: "Key created" },
  { path: "/dashboard/members", prefetched: ["/api/dashboard/members"], inHtml: "Your role: owner" },
  {
    path: "/dashboard/account",
    prefetched: ["/api/dashboard/sessions", "/api/dashboard/2fa"],
    inHtml: "This browser",
  },
];

test("dashboard pages render their data on the server and hydrate without a refetch or a mismatch", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { context, page } = await newUserPage(browser, baseURL, "firstpaint");
  await page.goto("/dashboard/keys");
  const { key } = await createKeyThroughUi(page, "First paint key");
  await confirmCopied(page);
  for (let i = 0; i < 3; i++) expect((await callTeams(page.request, key)).status).toBe(200);
  // The request log is written by a flush about once a second.
  await expect
    .poll(async () => (await (await page.request.get("/dashboard/logs")).text()).includes("/v1/teams"))
    .toBe(true);

  // The key's own page: the key, its usage and its last requests.
  const keys = (await (await page.request.get("/api/dashboard/keys")).json()) as { data: { id: string }[] };
  const keyId = keys.data[0].id;
  PAGES.push({
    path: `/dashboard/keys/${keyId}`,
    prefetched: [`/api/dashboard/keys/${keyId}`, "/api/dashboard/usage", "/api/dashboard/logs"],
    inHtml: "/v1/teams",
  });

  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  for (const { path, prefetched, inHtml } of PAGES) {
    const html = await (await page.request.get(path)).text();
    expect(html, `${path} HTML`).toContain(inHtml);

    const asked: string[] = [];
    const onRequest = (r: { method: () => string; url: () => string }) => {
      const url = new URL(r.url());
      if (r.method() === "GET" && url.pathname.startsWith("/api/dashboard/")) asked.push(url.pathname);
    };
    page.on("request", onRequest);
    await page.goto(path, { waitUntil: "load" });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Hydration has run (the clock context switches to the browser's time right after it).
    await page.waitForTimeout(500);
    page.off("request", onRequest);
    expect(
      asked.filter((p) => prefetched.includes(p)),
      `${path} asked again`,
    ).toEqual([]);
  }
  expect(errors).toEqual([]);

  // The audit log's times: UTC in the HTML (the server cannot know the zone), the viewer's own
  // zone once hydrated, with no mismatch in between.
  const india = await browser.newContext({
    baseURL,
    storageState: await context.storageState(),
    timezoneId: "Asia/Kolkata",
  });
  const viewer = await india.newPage();
  viewer.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  viewer.on("pageerror", (e) => errors.push(e.message));
  expect(await (await viewer.request.get("/dashboard/audit")).text()).toMatch(/\d:\d\d:\d\d [AP]M UTC/);
  await viewer.goto("/dashboard/audit");
  await expect(viewer.locator("time").first()).toContainText("GMT+5:30");
  expect(errors).toEqual([]);
  await india.close();
  await context.close();
});
