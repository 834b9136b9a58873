// Front-end weight of every dashboard page (npm run perf:pages): the JavaScript each page loads
// in Debian's Chromium (bytes on the wire and decoded), and, when Lighthouse can be loaded, its
// mobile performance score. Not a test: figures to compare before and after a change.
//
//   npm run perf:pages                      builds if stale, serves a copy of the test database
//   STATLINE_URL=http://host:3000 npm run perf:pages   measures a running server instead
//   LIGHTHOUSE_DIR=/tmp/lh npm run perf:pages          where `npm i --prefix /tmp/lh lighthouse@12`
//                                                      put it (lighthouse 13 needs Node 22)
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Page } from "@playwright/test";
import { copyTemplateDb, ROOT, startApp } from "../tests/support/app";
import { ensureTemplateDb } from "../tests/support/template";

const PAGES = [
  "/",
  "/dashboard",
  "/dashboard/keys",
  "/dashboard/usage",
  "/dashboard/logs",
  "/dashboard/webhooks",
  "/dashboard/alerts",
  "/dashboard/audit",
  "/dashboard/account",
];
const CHROME = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"];

type Lighthouse = (
  url: string,
  flags: Record<string, unknown>,
) => Promise<{ lhr: { categories: { performance: { score: number | null } } } } | undefined>;

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

async function main() {
  let base = process.env.STATLINE_URL?.replace(/\/+$/, "");
  let stop = async () => {};
  if (!base) {
    execFileSync(process.execPath, ["--import", "tsx", "scripts/build-if-stale.ts"], {
      cwd: ROOT,
      stdio: "inherit",
    });
    const app = await startApp({ databaseUrl: copyTemplateDb(ensureTemplateDb()) });
    base = app.baseUrl;
    stop = async () => void (await app.stop());
  }
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

  const lighthouse = await loadLighthouse();
  if (!lighthouse) console.log("Lighthouse not found (set LIGHTHOUSE_DIR): JavaScript bytes only.");
  console.log("page                  scripts  JS on the wire  JS decoded  Lighthouse mobile");
  for (const url of PAGES) {
    const js = await scriptBytes(page, url);
    let score = "-";
    if (lighthouse) {
      const result = await lighthouse.run(`${base}${url}`, {
        port: lighthouse.port,
        onlyCategories: ["performance"],
        extraHeaders: { Cookie: cookie },
        logLevel: "error",
      });
      const value = result?.lhr.categories.performance.score;
      score = value === null || value === undefined ? "n/a" : String(Math.round(value * 100));
    }
    const kb = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
    console.log(
      `${url.padEnd(22)}${String(js.count).padStart(7)}  ${kb(js.wire).padStart(14)}  ${kb(js.decoded).padStart(10)}  ${score.padStart(17)}`,
    );
  }
  lighthouse?.close();
  await browser.close();
  await stop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
