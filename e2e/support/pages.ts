import { randomBytes } from "node:crypto";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";
import { e2eDb, sqliteTime } from "../dashboard-helpers";
import { pkce } from "./handoff";

// The every-page sweep's seeding and checks (e2e/every-page.spec.ts).

export const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
] as const;
export const SHOTS = path.join("test-results", "screens", "every-page");

/** A page to sweep: where, what shows it has rendered, and its key actions. */
export interface Visit {
  name: string;
  path: string;
  ready: (page: Page) => Locator;
  actions?: (page: Page) => Locator[];
}

/**
 * Opens the page once, then at each width: no sideways page scroll, the key actions visible and
 * inside the viewport's width, axe 0 serious or critical violations (each found is added to
 * `problems`, so one run names them all).
 */
export async function sweep(page: Page, visit: Visit, problems: string[]) {
  await page.setViewportSize(WIDTHS[0]);
  await page.goto(visit.path);
  await expect(visit.ready(page), `${visit.name} did not render`).toBeVisible();
  for (const size of WIDTHS) {
    const at = `${visit.name} ${size.width}x${size.height}`;
    await page.setViewportSize(size);
    const { scroll, inner } = await page.evaluate(() => ({
      scroll: document.scrollingElement!.scrollWidth,
      inner: window.innerWidth,
    }));
    if (scroll > inner) problems.push(`${at}: scrolls sideways (${scroll} > ${inner})`);
    for (const action of visit.actions?.(page) ?? []) {
      const box = (await action.isVisible()) ? await action.boundingBox() : null;
      if (!box) problems.push(`${at}: ${action} not visible`);
      else if (box.x < 0 || box.x + box.width > inner + 0.5) problems.push(`${at}: ${action} off-screen`);
    }
    const { violations } = await new AxeBuilder({ page }).analyze();
    for (const v of violations.filter((x) => x.impact === "serious" || x.impact === "critical"))
      problems.push(`${at}: axe ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    // The widest and the narrowest, whole pages, to look at.
    const file = `${visit.name.replace(/\W+/g, "-")}-${size.width}.png`;
    if (size.width === 1280 || size.width === 390)
      await page.screenshot({ path: path.join(SHOTS, file), fullPage: true });
  }
}

/** The CSRF token the dashboard page carries (what its fetch wrapper sends). */
export async function csrfOf(page: Page): Promise<string> {
  const html = await (await page.request.get("/dashboard")).text();
  const token = /csrfToken\\?":\\?"([0-9a-f]{64})/.exec(html)?.[1];
  expect(token, "no CSRF token in /dashboard").toBeTruthy();
  return token!;
}

export function userByEmail(email: string): { id: string; accountId: string } {
  const db = e2eDb();
  const row = db.prepare("SELECT id, accountId FROM users WHERE email = ?").get(email) as {
    id: string;
    accountId: string;
  };
  db.close();
  return row;
}

/** What an accepted invitation does: `userId` joins the workspace `accountId` as `role`. */
export function addMember(userId: string, accountId: string, role: "admin" | "developer" | "viewer") {
  const db = e2eDb();
  db.prepare("INSERT INTO memberships (id, userId, accountId, role, createdAt) VALUES (?, ?, ?, ?, ?)").run(
    `m_${randomBytes(8).toString("hex")}`,
    userId,
    accountId,
    role,
    sqliteTime(new Date()),
  );
  db.close();
}

/** The operator flag on a person's own account (what `admin operator grant` sets). */
export function makeOperator(accountId: string) {
  const db = e2eDb();
  db.prepare("UPDATE accounts SET operator = 1 WHERE id = ?").run(accountId);
  db.close();
}

/** Accounts with long names, so the console's list pages and wraps. */
export function longAccounts(count: number) {
  const db = e2eDb();
  const insert = db.prepare(
    "INSERT OR IGNORE INTO accounts (id, name, plan, operator, createdAt) VALUES (?, ?, 'free', 0, ?)",
  );
  for (let i = 0; i < count; i++)
    insert.run(
      `sweep-filler-${i}`,
      `Sweep account ${i} with an exceptionally long organisation name Aktiengesellschaft`,
      sqliteTime(new Date()),
    );
  db.close();
}

/** An agent's handoff request, as the CLI starts it: returns the approval page's path. */
export async function handoffPage(page: Page): Promise<string> {
  const res = await page.request.post("/api/agent/sessions", {
    data: {
      code_challenge: pkce().challenge,
      code_challenge_method: "S256",
      client_name: "Long-named research agent ".repeat(2).trim(),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { user_code: code } = (await res.json()) as { user_code: string };
  return `/agent/${code}`;
}

/** An MCP client registers and sends the browser to authorize: returns the authorize URL. */
export async function consentUrl(page: Page): Promise<string> {
  const redirect = "http://127.0.0.1:53682/callback";
  const res = await page.request.post("/oauth/register", {
    data: {
      client_name: "Example analytics agent with a long name",
      redirect_uris: [redirect],
      token_endpoint_auth_method: "none",
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { client_id: clientId } = (await res.json()) as { client_id: string };
  const u = new URLSearchParams({
    response_type: "code",
    code_challenge_method: "S256",
    code_challenge: pkce().challenge,
    client_id: clientId,
    redirect_uri: redirect,
    state: "s".repeat(16),
  });
  return `/oauth/authorize?${u}`;
}
