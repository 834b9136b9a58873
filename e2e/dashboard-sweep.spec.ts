import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import {
  captureCsrfToken,
  confirmCopied,
  createKeyThroughUi,
  insertBuckets,
  keyRecord,
  newUserPage,
  SCREENS,
  setPlan,
  type BucketRow,
} from "./dashboard-helpers";

// At the four widths, with 100-character names, 50 keys and 200 log rows,
// every table's key columns and every dialog's primary button are inside the viewport, nothing
// scrolls sideways, and axe reports 0 serious or critical violations in every state.

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
] as const;
const long = (i: number) =>
  `Key ${String(i).padStart(2, "0")} ${"production-backend-".repeat(6)}`.slice(0, 100);

async function expectAxeClean(page: Page, state: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${state}: ${v.id} ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
}

/** No sideways page scroll, and each locator's box lies within the viewport's width. */
async function expectWithinWidth(page: Page, state: string, locators: Locator[]) {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll, `${state}: page scrolls sideways`).toBeLessThanOrEqual(inner);
  for (const l of locators) {
    await l.scrollIntoViewIfNeeded();
    const box = await l.boundingBox();
    expect(box, `${state}: ${l} has no box (hidden?)`).not.toBeNull();
    expect(box!.x, `${state}: ${l} starts off-screen`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${state}: ${l} ends off-screen`).toBeLessThanOrEqual(inner + 0.5);
  }
}

test("every table and dialog fits at 1280, 1440, 768 and 390 with long names, 50 keys and 200 log rows", async ({
  browser,
  baseURL,
}) => {
  // Four widths, seven states each, on a 2-core machine shared by five builds: 5 minutes was not enough.
  test.setTimeout(1_200_000);
  const { context, page } = await newUserPage(browser, baseURL, "sweep");
  const csrf = captureCsrfToken(page);

  // 50 keys with 100-character names: one through the UI (for its secret), 49 through the same API.
  await page.goto("/dashboard/keys");
  const { key } = await createKeyThroughUi(page, long(0));
  await confirmCopied(page);
  const { accountId, id: firstKeyId } = keyRecord(key.slice(0, 16));
  for (let i = 1; i < 50; i++) {
    const res = await page.request.post("/api/dashboard/keys", {
      data: { name: long(i), environment: "test" },
      headers: { "x-csrf-token": csrf(), Origin: baseURL! },
    });
    expect(res.status()).toBe(201);
  }

  // 200 logged requests (long paths and queries, 200s and 404s), unthrottled on the internal plan.
  setPlan(accountId, "unlimited");
  const headers = { "X-API-Key": key, "User-Agent": `sweep/${"x".repeat(90)}` };
  for (let i = 0; i < 200; i++) {
    const target =
      i % 4 === 0
        ? `/v1/teams/${"9".repeat(60 + (i % 30))}`
        : `/v1/teams?limit=1&q=${"long-query-".repeat(8)}${i}`;
    await page.request.get(target, { headers });
  }
  // Usage roll-ups for endpoints with long names, including 429s, so both usage tables have rows.
  const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 120_000);
  const rows: BucketRow[] = [];
  for (const endpoint of ["/v1/contests/{id}/odds/history", "/v1/analysis/stat-board", "/v1/standings"])
    for (const [statusClass, requests] of [
      ["2xx", 13],
      ["429", 18],
    ] as const)
      rows.push({
        accountId,
        apiKeyId: firstKeyId,
        minute,
        endpoint,
        statusClass,
        requests,
        units: requests,
      });
  insertBuckets(rows);

  for (const viewport of WIDTHS) {
    const at = `${viewport.width}x${viewport.height}`;
    await page.setViewportSize(viewport);
    const shot = (name: string) => page.screenshot({ path: path.join(SCREENS, `sweep-${name}-${at}.png`) });

    // Keys: name, status and every action of a row.
    await page.goto("/dashboard/keys");
    const item = page.getByRole("list", { name: "API keys" }).getByRole("listitem").first();
    await expect(item).toContainText("Key 49");
    await expectWithinWidth(page, `keys ${at}`, [
      item.getByText(/^Key 49/),
      item.getByText("Active", { exact: true }),
      item.getByRole("button", { name: /^Edit / }),
      item.getByRole("button", { name: /^Revoke / }),
    ]);
    await expectAxeClean(page, `keys ${at}`);
    await shot("keys");
    // 50 keys are paged 20 at a time (200+ Tab stops as one list) and can be sorted.
    const list = page.getByRole("list", { name: "API keys" }).getByRole("listitem");
    const pager = page.getByRole("navigation", { name: "Key pages" });
    await expect(list).toHaveCount(20);
    await expect(pager).toContainText("1–20 of 50 keys");
    await pager.getByRole("button", { name: "Next" }).click();
    await expect(pager).toContainText("21–40 of 50 keys");
    await expect(list.first()).toContainText("Key 29");
    await page.getByLabel("Sort keys").selectOption("oldest");
    await expect(pager).toContainText("1–20 of 50 keys");
    await expect(list.first()).toContainText("Key 00");
    await expectWithinWidth(page, `keys pager ${at}`, [pager.getByRole("button", { name: "Next" })]);
    await page.getByLabel("Sort keys").selectOption("newest");

    // Edit key: Save stays in view, whatever the body's length.
    await item.getByRole("button", { name: /^Edit / }).click();
    const edit = page.getByRole("dialog", { name: "Edit API key" });
    await expect(edit.getByRole("button", { name: /^Save/ })).toBeInViewport({ ratio: 1 });
    await expectAxeClean(page, `edit dialog ${at}`);
    await shot("edit-dialog");
    await edit.getByRole("button", { name: "Cancel" }).click();

    // Create key at the cap (50 active): the dialog still opens with its primary button in view.
    await page
      .getByRole("button", { name: /create key/i })
      .first()
      .click();
    const create = page.getByRole("dialog", { name: "Create API key" });
    await create.getByLabel("Name").fill(long(50));
    await expect(create.getByRole("button", { name: "Create key" })).toBeInViewport({ ratio: 1 });
    await expectAxeClean(page, `create dialog ${at}`);
    await shot("create-dialog");
    await create.getByRole("button", { name: "Cancel" }).click();

    // Usage: Top endpoints and Per key show every figure without an inner scroll bar.
    await page.goto("/dashboard/usage");
    const wide = viewport.width >= 640;
    const top = wide ? page.getByTestId("top-endpoints") : page.getByTestId("top-endpoints-cards");
    const perKey = wide ? page.getByTestId("per-key") : page.getByTestId("per-key-cards");
    await expect(top).toContainText("/v1/contests/{id}/odds/history");
    const teams = (wide ? top.getByRole("row") : top.getByRole("listitem")).filter({
      hasText: /^\/v1\/standings/,
    });
    // 18 of 31 were 429s: they count as errors (the old table said 0.0%).
    await expect(teams).toContainText("58.1%");
    await expectWithinWidth(
      page,
      `usage ${at}`,
      wide
        ? [
            top.getByRole("columnheader", { name: "Error rate" }),
            top.getByRole("columnheader", { name: "Units" }),
            perKey.getByRole("columnheader", { name: "Units" }),
            perKey.getByRole("columnheader", { name: "429" }),
          ]
        : [teams.getByText("Error rate"), perKey.getByText("Units").first()],
    );
    await expectAxeClean(page, `usage ${at}`);
    await shot("usage");

    // Logs: status, request (with its id) and Details for 200 rows.
    await page.goto("/dashboard/logs");
    const logRow = page.locator("tbody tr").first();
    await expect(logRow).toBeVisible();
    await expectWithinWidth(page, `logs ${at}`, [
      logRow.locator("td").nth(1),
      logRow.locator("td").nth(2).locator("span.font-mono"),
      logRow.getByRole("button", { name: /Details/ }),
    ]);
    await expectAxeClean(page, `logs ${at}`);
    await shot("logs");
    await logRow.getByRole("button", { name: /Details/ }).click();
    await expect(page.getByRole("dialog", { name: "Request details" })).toBeVisible();
    await expectAxeClean(page, `log drawer ${at}`);
    await page.keyboard.press("Escape");

    // Audit log: event, target and who/where for 50 key creations.
    await page.goto("/dashboard/audit");
    const auditItem =
      viewport.width >= 1024
        ? page
            .getByRole("table", { name: /Audit events/ })
            .getByRole("row")
            .nth(1)
        : page
            .getByRole("list", { name: /Audit events/ })
            .getByRole("listitem")
            .first();
    await expect(auditItem).toContainText("Key created");
    await expectWithinWidth(page, `audit ${at}`, [
      auditItem.getByText("Key created"),
      auditItem.getByText(/@example\.com/),
      auditItem.getByText(/Chrome/),
    ]);
    await expectAxeClean(page, `audit ${at}`);
    await shot("audit");

    // Overview.
    await page.goto("/dashboard");
    await expect(page.getByTestId("plan-limits")).toBeVisible();
    await expectWithinWidth(page, `overview ${at}`, [page.getByTestId("plan-limits")]);
    await expectAxeClean(page, `overview ${at}`);
    await shot("overview");
  }
  await context.close();
});
