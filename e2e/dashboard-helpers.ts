import Database from "better-sqlite3";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";

export const ROOT = path.resolve(__dirname, "..");
export const AUTH_DIR = path.join(ROOT, "data", "test", "e2e-auth");
export const OWNER_STATE = path.join(AUTH_DIR, "owner.json");
export const OWNER_META = path.join(AUTH_DIR, "owner-meta.json");
export const SCREENS = path.join(ROOT, "test-results", "screens");
export const SERVER_LOG = path.join(ROOT, "data", "test", "e2e-server.log");

export const PASSWORD = "violet tractor anthem harbour";
export const uniqueEmail = (who: string) => `${who}.${randomBytes(3).toString("hex")}@example.com`;

/** The e2e server's SQLite file (written by e2e/global-setup.ts). */
export function e2eDb(): Database.Database {
  const url = fs.readFileSync(path.join(ROOT, "data", "test", "e2e-db-url"), "utf8").trim();
  const db = new Database(url.slice("file:".length));
  db.pragma("busy_timeout = 5000");
  return db;
}

/** Prisma's SQLite DateTime text format. */
export const sqliteTime = (d: Date) => d.toISOString().replace("Z", "+00:00");

export interface BucketRow {
  accountId: string;
  apiKeyId: string;
  minute: Date;
  endpoint: string;
  statusClass: string;
  requests: number;
  units: number;
}

export function insertBuckets(rows: BucketRow[]) {
  const db = e2eDb();
  const insert = db.prepare(
    `INSERT INTO usage_buckets (accountId, apiKeyId, minute, endpoint, statusClass, requests, units)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (apiKeyId, minute, endpoint, statusClass) DO UPDATE SET requests = requests + excluded.requests, units = units + excluded.units`,
  );
  // The dashboard reads the hour and day roll-ups the flush writes next to the minute rows.
  const rollup = db.prepare(
    `INSERT INTO usage_rollups (accountId, apiKeyId, period, start, endpoint, statusClass, requests, units)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (apiKeyId, period, start, endpoint, statusClass) DO UPDATE SET requests = requests + excluded.requests, units = units + excluded.units`,
  );
  const HOUR = 3_600_000;
  db.transaction(() => {
    for (const r of rows) {
      insert.run(
        r.accountId,
        r.apiKeyId,
        sqliteTime(r.minute),
        r.endpoint,
        r.statusClass,
        r.requests,
        r.units,
      );
      for (const [period, step] of [
        ["hour", HOUR],
        ["day", 24 * HOUR],
      ] as const) {
        const start = new Date(r.minute.getTime() - (r.minute.getTime() % step));
        rollup.run(
          r.accountId,
          r.apiKeyId,
          period,
          sqliteTime(start),
          r.endpoint,
          r.statusClass,
          r.requests,
          r.units,
        );
      }
    }
  })();
  db.close();
}

export function keyRecord(prefix: string): { id: string; accountId: string } {
  const db = e2eDb();
  const row = db.prepare("SELECT id, accountId FROM api_keys WHERE prefix = ?").get(prefix) as {
    id: string;
    accountId: string;
  };
  db.close();
  return row;
}

/** Plans are assigned by an operator (admin CLI); tests set them directly. */
export function setPlan(accountId: string, plan: string) {
  const db = e2eDb();
  db.prepare("UPDATE accounts SET plan = ? WHERE id = ?").run(plan, accountId);
  db.close();
}

export function setLastUsed(keyId: string, when: Date) {
  const db = e2eDb();
  db.prepare("UPDATE api_keys SET lastUsedAt = ? WHERE id = ?").run(sqliteTime(when), keyId);
  db.close();
}

/** Signs in through the sign-in form and waits for the dashboard. */
export async function signInThroughForm(page: Page, email: string, password = PASSWORD) {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/dashboard");
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
}

/** Marks an address verified, as `admin user verify` does (without a CLI process per user). */
export function markEmailVerified(email: string) {
  const db = e2eDb();
  db.prepare("UPDATE users SET emailVerified = ? WHERE email = ?").run(sqliteTime(new Date()), email);
  db.close();
}

/**
 * A second, independent user in its own browser context (created by API, signed in by the form).
 * Its email is verified (an established account) unless `verified: false`.
 */
export async function newUserPage(
  browser: Browser,
  baseURL: string | undefined,
  who: string,
  opts: { verified?: boolean } = {},
) {
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const email = uniqueEmail(who);
  const res = await page.request.post("/api/signup", { data: { email, password: PASSWORD, name: who } });
  expect(res.status()).toBe(201);
  if (opts.verified !== false) markEmailVerified(email);
  await signInThroughForm(page, email);
  return { context, page, email };
}

/** Creates a key through the UI and returns the full key read from the display-once dialog. */
export async function createKeyThroughUi(page: Page, name: string, environment: "test" | "live" = "test") {
  await page
    .getByRole("button", { name: /create (your first )?key/i })
    .first()
    .click();
  const form = page.getByRole("dialog", { name: "Create API key" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel(environment === "live" ? /^Live/ : /^Test/).check();
  await form.getByRole("button", { name: "Create key" }).click();
  const reveal = page.getByRole("dialog", { name: "Save your API key" });
  await expect(reveal).toBeVisible();
  const key = await reveal.getByLabel("Secret key").inputValue();
  expect(key).toMatch(new RegExp(`^sk_${environment}_[0-9A-Za-z]{32}$`));
  return { key, reveal };
}

/** Closes the display-once dialog the way a user must: Done, then confirm. */
export async function confirmCopied(page: Page) {
  await page.getByRole("dialog", { name: "Save your API key" }).getByRole("button", { name: "Done" }).click();
  await page
    .getByRole("dialog", { name: "Have you copied your key?" })
    .getByRole("button", { name: "I have copied it" })
    .click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

export async function callTeams(request: APIRequestContext, key: string) {
  const res = await request.get("/v1/teams", { headers: { "X-API-Key": key } });
  return {
    status: res.status(),
    body: (await res.json()) as { data?: unknown; error?: { code: string; message: string } },
  };
}

/** The big number of a stat card ("Requests", "Units", ...). */
export const statValue = (page: Page, label: string) =>
  page
    .locator("dl > div")
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator("dd")
    .first();

/** The CSRF token the dashboard's fetch wrapper sends, captured from a real mutation request. */
export function captureCsrfToken(page: Page): () => string {
  let token = "";
  page.on("request", (req) => {
    const t = req.headers()["x-csrf-token"];
    if (t) token = t;
  });
  return () => token;
}
