// Front-end weight of every dashboard and operator console page (npm run perf:pages): the JavaScript
// each page loads in Debian's Chromium (bytes on the wire and decoded), and, when Lighthouse can be
// loaded, its mobile performance, accessibility and best-practices scores, for a throwaway user (an
// operator of the server it starts) with one key and 40 requests. Not a test: figures to compare
// before and after a change.
//
//   npm run perf:pages                      builds if stale, serves a copy of the test database
//   npm run perf:pages -- /dashboard/usage  only the pages named
//   STATLINE_URL=http://host:3000 npm run perf:pages   measures a running server instead (the
//                                                      console pages only if the user is an operator)
//   LIGHTHOUSE_DIR=/tmp/lh npm run perf:pages          where `npm i --prefix /tmp/lh lighthouse@12`
//                                                      put it (lighthouse 13 needs Node 22)
//   LIGHTHOUSE_RUNS=5 npm run perf:lighthouse          Lighthouse runs per page (median shown)
//
// Each Lighthouse report is written to data/perf/lighthouse/ (page-run.json) to read why a score
// is what it is (LCP element, blocking time per script, unused JavaScript, failed audits).
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { copyTemplateDb, ROOT, startApp } from "../tests/support/app";
import { ensureTemplateDb } from "../tests/support/template";
import { loadLighthouse, score } from "./lighthouse-score";

const PAGES: [name: string, url: string][] = [
  ["Home", "/"],
  ["Overview", "/dashboard"],
  ["Keys", "/dashboard/keys"],
  ["Usage", "/dashboard/usage"],
  ["Logs", "/dashboard/logs"],
  ["Webhooks", "/dashboard/webhooks"],
  ["Alerts", "/dashboard/alerts"],
  ["Audit log", "/dashboard/audit"],
  ["Members", "/dashboard/members"],
  ["Account", "/dashboard/account"],
  // {key} and {account}: the throwaway user's key and account.
  ["Key", "/dashboard/keys/{key}"],
  ["Console", "/operator"],
  ["Plans", "/operator/plans"],
  ["Data", "/operator/data"],
  ["System", "/operator/system"],
  ["Acct (op)", "/operator/accounts/{account}"],
];
const CHROME = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"];
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3) || 3);
const REPORTS = path.join(ROOT, "data", "perf", "lighthouse");

/** JavaScript the page loads until the network is idle: bytes on the wire and decoded. */
async function scriptBytes(page: Page, url: string) {
  await page.goto(url, { waitUntil: "networkidle" });
  return page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((e) => (e as PerformanceResourceTiming).initiatorType === "script" || e.name.endsWith(".js"))
      .reduce(
        (sum, e) => ({
          count: sum.count + 1,
          wire: sum.wire + (e as PerformanceResourceTiming).encodedBodySize,
          decoded: sum.decoded + (e as PerformanceResourceTiming).decodedBodySize,
        }),
        { count: 0, wire: 0, decoded: 0 },
      ),
  );
}

/**
 * Pages as a user with traffic sees them (charts, log rows, a key, audit events), not the empty
 * states: one test key through the dashboard's API, then 40 calls with it (30 answered 200, 10
 * 404), and a wait for the metering flush (about once a second).
 */
async function addTraffic(page: Page, base: string): Promise<string> {
  const html = await (await page.request.get("/dashboard")).text();
  const csrf = /csrfToken\\?":\\?"([0-9a-f]{64})/.exec(html)?.[1];
  if (!csrf) throw new Error("no CSRF token in /dashboard");
  const created = await page.request.post("/api/dashboard/keys", {
    data: { name: "Page weight", environment: "test" },
    headers: { "x-csrf-token": csrf, Origin: base },
  });
  if (created.status() !== 201) throw new Error(`key creation answered ${created.status()}`);
  const { data } = (await created.json()) as { data: { secret: string; key: { id: string } } };
  const { secret } = data;
  for (let i = 0; i < 40; i++)
    await page.request.get(i % 4 === 3 ? `/v1/teams/${900_000 + i}` : `/v1/teams?limit=${1 + (i % 5)}`, {
      headers: { "X-API-Key": secret },
    });
  await page.waitForTimeout(3_000);
  return data.key.id;
}

async function main() {
  let base = process.env.STATLINE_URL?.replace(/\/+$/, "");
  let stop = async () => {};
  const email = `weight.${randomBytes(3).toString("hex")}@example.com`;
  if (!base) {
    execFileSync(process.execPath, ["--import", "tsx", "scripts/build-if-stale.ts"], {
      cwd: ROOT,
      stdio: "inherit",
    });
    // A busy machine can push the (lowest-priority) password check past its 2 s bound.
    const app = await startApp({
      databaseUrl: copyTemplateDb(ensureTemplateDb()),
      // The throwaway user is an operator, so the console's pages are measured too.
      env: { PASSWORD_CHECK_TIMEOUT_MS: "30000", OPERATOR_EMAILS: email },
    });
    base = app.baseUrl;
    stop = async () => void (await app.stop());
  }
  const browser = await chromium.launch({ executablePath: CHROME, args: ARGS });
  const context = await browser.newContext({ baseURL: base });
  // Sign-up hashes with scrypt (N=2^17): on a busy 2-core machine that alone took over 30 s.
  context.setDefaultTimeout(180_000);
  const page = await context.newPage();
  const password = "violet tractor anthem harbour";
  const signup = await page.request.post("/api/signup", {
    data: { email, password, name: "Weight" },
    timeout: 180_000,
  });
  if (signup.status() !== 201) throw new Error(`sign-up answered ${signup.status()}`);
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/dashboard");
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const keyId = await addTraffic(page, base);
  const session = (await (await page.request.get("/api/auth/session")).json()) as {
    user: { accountId: string };
  };
  const operator = (await page.request.get("/operator")).status() === 200;
  if (!operator) console.log("not an operator on this server: the console's pages are left out.");
  const wanted = process.argv.slice(2);
  const pages = PAGES.filter(([, url]) => (wanted.length ? wanted.includes(url) : true))
    .filter(([, url]) => operator || !url.startsWith("/operator"))
    .map(([name, url]): [string, string, string] => [
      name,
      url,
      url.replace("{key}", keyId).replace("{account}", session.user.accountId),
    ]);

  const lighthouse = await loadLighthouse(CHROME, ARGS);
  if (!lighthouse) console.log("Lighthouse not found (set LIGHTHOUSE_DIR): JavaScript bytes only.");
  else {
    mkdirSync(REPORTS, { recursive: true });
    console.log(
      `Lighthouse mobile (performance, accessibility, best practices), ${RUNS} run(s) a page; the median run by performance.`,
    );
  }
  const cols = ["page", "path", "scripts", "JS wire", "JS decoded", "runs", "perf", "a11y", "BP"];
  cols.push("TBT ms", "LCP ms", "CLS", "load");
  const widths = [10, 28, 7, 9, 10, 10, 4, 4, 3, 7, 7, 5, 5];
  const row = (cells: string[]) =>
    console.log(cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  "));
  row(cols);
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
  for (const [name, shown, url] of pages) {
    const js = await scriptBytes(page, url);
    const slug = shown
      .replace(/^\/$/, "home")
      .replace(/^\//, "")
      .replace(/[^\w-]+/g, "-");
    const file = (run: number) => path.join(REPORTS, `${slug}-${run}.json`);
    const lh = lighthouse ? await score(lighthouse, `${base}${url}`, file, cookie, RUNS) : null;
    const m = lh?.median;
    const fixed = (n: number | undefined, digits = 0) => (m && n !== undefined ? n.toFixed(digits) : "-");
    row(
      [name, shown, String(js.count), kb(js.wire), kb(js.decoded), lh?.scores ?? "-"].concat(
        [m?.score, m?.a11y, m?.bp, m?.tbt, m?.lcp].map((n) => fixed(n)),
        [fixed(m?.cls, 2), fixed(m?.load, 1)],
      ),
    );
    if (m?.failed.length) console.log(`  failed audits: ${m.failed.join(", ")}`);
  }
  if (lighthouse)
    console.log(`reports: ${path.relative(ROOT, REPORTS)}/<page>-<run>.json; load = 1-min load average`);
  lighthouse?.close();
  await browser.close();
  await stop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
