// Front-end weight of every dashboard page (npm run perf:pages): the JavaScript each page loads
// in Debian's Chromium (bytes on the wire and decoded), and, when Lighthouse can be loaded, its
// mobile performance score, for a throwaway user with one key and 40 requests. Not a test:
// figures to compare before and after a change.
//
//   npm run perf:pages                      builds if stale, serves a copy of the test database
//   npm run perf:pages -- /dashboard/usage  only the pages named
//   STATLINE_URL=http://host:3000 npm run perf:pages   measures a running server instead
//   LIGHTHOUSE_DIR=/tmp/lh npm run perf:pages          where `npm i --prefix /tmp/lh lighthouse@12`
//                                                      put it (lighthouse 13 needs Node 22)
//   LIGHTHOUSE_RUNS=5 npm run perf:lighthouse          Lighthouse runs per page (median shown)
//
// Each Lighthouse report is written to data/perf/lighthouse/ (page-run.json) to read why a score
// is what it is (LCP element, blocking time per script, unused JavaScript).
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Page } from "@playwright/test";
import { copyTemplateDb, ROOT, startApp } from "../tests/support/app";
import { ensureTemplateDb } from "../tests/support/template";

const PAGES: [name: string, url: string][] = [
  ["Home", "/"],
  ["Overview", "/dashboard"],
  ["Keys", "/dashboard/keys"],
  ["Usage", "/dashboard/usage"],
  ["Logs", "/dashboard/logs"],
  ["Webhooks", "/dashboard/webhooks"],
  ["Alerts", "/dashboard/alerts"],
  ["Audit log", "/dashboard/audit"],
  ["Account", "/dashboard/account"],
];
const CHROME = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"];
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3) || 3);
const REPORTS = path.join(ROOT, "data", "perf", "lighthouse");

interface Audit {
  numericValue?: number;
}
interface Report {
  categories: { performance: { score: number | null } };
  audits: Record<string, Audit | undefined>;
}
type Lighthouse = (url: string, flags: Record<string, unknown>) => Promise<{ lhr: Report } | undefined>;

async function loadLighthouse(): Promise<{ run: Lighthouse; port: number; close: () => void } | null> {
  const dir = process.env.LIGHTHOUSE_DIR;
  const entry = dir ? path.join(dir, "node_modules", "lighthouse", "core", "index.js") : "";
  if (!entry || !existsSync(entry)) return null;
  const launcherEntry = path.join(dir!, "node_modules", "chrome-launcher", "dist", "index.js");
  const lighthouse = (await import(pathToFileURL(entry).href)) as { default: Lighthouse };
  const launcher = (await import(pathToFileURL(launcherEntry).href)) as {
    launch: (o: { chromePath: string; chromeFlags: string[] }) => Promise<{ port: number; kill: () => void }>;
  };
  const chrome = await launcher.launch({ chromePath: CHROME, chromeFlags: ["--headless=new", ...ARGS] });
  return { run: lighthouse.default, port: chrome.port, close: () => chrome.kill() };
}

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

interface Scored {
  score: number;
  tbt: number;
  lcp: number;
  cls: number;
  load: number;
}

/** RUNS Lighthouse mobile runs of one page; each report is saved, the median run is returned. */
async function score(
  lighthouse: NonNullable<Awaited<ReturnType<typeof loadLighthouse>>>,
  url: string,
  slug: string,
  cookie: string,
): Promise<{ median: Scored | null; scores: string }> {
  const runs: Scored[] = [];
  for (let i = 1; i <= RUNS; i++) {
    const load = os.loadavg()[0];
    const result = await lighthouse.run(url, {
      port: lighthouse.port,
      onlyCategories: ["performance"],
      extraHeaders: { Cookie: cookie },
      logLevel: "error",
    });
    if (!result) continue;
    writeFileSync(path.join(REPORTS, `${slug}-${i}.json`), JSON.stringify(result.lhr));
    const value = result.lhr.categories.performance.score;
    if (value === null) continue;
    const metric = (id: string) => result.lhr.audits[id]?.numericValue ?? NaN;
    runs.push({
      score: Math.round(value * 100),
      tbt: metric("total-blocking-time"),
      lcp: metric("largest-contentful-paint"),
      cls: metric("cumulative-layout-shift"),
      load,
    });
  }
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return {
    median: sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null,
    scores: runs.map((r) => r.score).join("/") || "n/a",
  };
}

/**
 * Pages as a user with traffic sees them (charts, log rows, a key, audit events), not the empty
 * states: one test key through the dashboard's API, then 40 calls with it (30 answered 200, 10
 * 404), and a wait for the metering flush (about once a second).
 */
async function addTraffic(page: Page, base: string) {
  const html = await (await page.request.get("/dashboard")).text();
  const csrf = /csrfToken\\?":\\?"([0-9a-f]{64})/.exec(html)?.[1];
  if (!csrf) throw new Error("no CSRF token in /dashboard");
  const created = await page.request.post("/api/dashboard/keys", {
    data: { name: "Page weight", environment: "test" },
    headers: { "x-csrf-token": csrf, Origin: base },
  });
  if (created.status() !== 201) throw new Error(`key creation answered ${created.status()}`);
  const { secret } = (await created.json()) as { secret: string };
  for (let i = 0; i < 40; i++)
    await page.request.get(i % 4 === 3 ? `/v1/teams/${900_000 + i}` : `/v1/teams?limit=${1 + (i % 5)}`, {
      headers: { "X-API-Key": secret },
    });
  await page.waitForTimeout(3_000);
}

async function main() {
  let base = process.env.STATLINE_URL?.replace(/\/+$/, "");
  let stop = async () => {};
  if (!base) {
    execFileSync(process.execPath, ["--import", "tsx", "scripts/build-if-stale.ts"], {
      cwd: ROOT,
      stdio: "inherit",
    });
    // A busy machine can push the (lowest-priority) password check past its 2 s bound.
    const app = await startApp({
      databaseUrl: copyTemplateDb(ensureTemplateDb()),
      env: { PASSWORD_CHECK_TIMEOUT_MS: "30000" },
    });
    base = app.baseUrl;
    stop = async () => void (await app.stop());
  }
  const wanted = process.argv.slice(2);
  const pages = wanted.length ? PAGES.filter(([, url]) => wanted.includes(url)) : PAGES;
  const browser = await chromium.launch({ executablePath: CHROME, args: ARGS });
  const context = await browser.newContext({ baseURL: base });
  // Sign-up hashes with scrypt (N=2^17): on a busy 2-core machine that alone took over 30 s.
  context.setDefaultTimeout(180_000);
  const page = await context.newPage();
  const email = `weight.${randomBytes(3).toString("hex")}@example.com`;
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
  await addTraffic(page, base);

  const lighthouse = await loadLighthouse();
  if (!lighthouse) console.log("Lighthouse not found (set LIGHTHOUSE_DIR): JavaScript bytes only.");
  else {
    mkdirSync(REPORTS, { recursive: true });
    console.log(`Lighthouse mobile performance, ${RUNS} run(s) a page; the median run's metrics.`);
  }
  const cols = [
    "page",
    "path",
    "scripts",
    "JS wire",
    "JS decoded",
    "runs",
    "median",
    "TBT ms",
    "LCP ms",
    "CLS",
    "load",
  ];
  const widths = [10, 20, 7, 9, 10, 10, 6, 7, 7, 5, 5];
  const row = (cells: string[]) =>
    console.log(cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  "));
  row(cols);
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
  for (const [name, url] of pages) {
    const js = await scriptBytes(page, url);
    const slug = url.replace(/^\/$/, "home").replace(/^\//, "").replaceAll("/", "-");
    const lh = lighthouse ? await score(lighthouse, `${base}${url}`, slug, cookie) : null;
    const m = lh?.median;
    row([
      name,
      url,
      String(js.count),
      kb(js.wire),
      kb(js.decoded),
      lh?.scores ?? "-",
      m ? String(m.score) : "-",
      m ? m.tbt.toFixed(0) : "-",
      m ? m.lcp.toFixed(0) : "-",
      m ? m.cls.toFixed(2) : "-",
      m ? m.load.toFixed(1) : "-",
    ]);
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
