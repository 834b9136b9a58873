// Lighthouse for scripts/page-weight.ts: loads an install of Lighthouse 12 (LIGHTHOUSE_DIR), runs a
// page RUNS times with its mobile defaults and returns the median run's figures.
import { existsSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

interface Audit {
  numericValue?: number;
  score?: number | null;
  title?: string;
}
type Category = "performance" | "accessibility" | "best-practices";
interface Report {
  categories: Record<Category, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit | undefined>;
}
type Run = (url: string, flags: Record<string, unknown>) => Promise<{ lhr: Report } | undefined>;
export interface Lighthouse {
  run: Run;
  port: number;
  close: () => void;
}

/** Lighthouse and a headless Chromium for it, or null when LIGHTHOUSE_DIR holds no install. */
export async function loadLighthouse(chrome: string, args: string[]): Promise<Lighthouse | null> {
  const dir = process.env.LIGHTHOUSE_DIR;
  const entry = dir ? path.join(dir, "node_modules", "lighthouse", "core", "index.js") : "";
  if (!entry || !existsSync(entry)) return null;
  const launcherEntry = path.join(dir!, "node_modules", "chrome-launcher", "dist", "index.js");
  const lighthouse = (await import(pathToFileURL(entry).href)) as { default: Run };
  const launcher = (await import(pathToFileURL(launcherEntry).href)) as {
    launch: (o: { chromePath: string; chromeFlags: string[] }) => Promise<{ port: number; kill: () => void }>;
  };
  const browser = await launcher.launch({ chromePath: chrome, chromeFlags: ["--headless=new", ...args] });
  return { run: lighthouse.default, port: browser.port, close: () => browser.kill() };
}

export interface Scored {
  score: number;
  a11y: number;
  bp: number;
  tbt: number;
  lcp: number;
  cls: number;
  load: number;
  /** Accessibility and best-practices audits that failed, by id. */
  failed: string[];
}

const pct = (v: number | null | undefined) => (v === null || v === undefined ? NaN : Math.round(v * 100));

/** RUNS Lighthouse mobile runs of one page; each report is saved, the median run is returned. */
export async function score(
  lighthouse: Lighthouse,
  url: string,
  file: (run: number) => string,
  cookie: string,
  runs: number,
): Promise<{ median: Scored | null; scores: string }> {
  const done: Scored[] = [];
  for (let i = 1; i <= runs; i++) {
    const load = os.loadavg()[0];
    const result = await lighthouse.run(url, {
      port: lighthouse.port,
      onlyCategories: ["performance", "accessibility", "best-practices"],
      extraHeaders: { Cookie: cookie },
      logLevel: "error",
    });
    if (!result) continue;
    const lhr = result.lhr;
    writeFileSync(file(i), JSON.stringify(lhr));
    if (lhr.categories.performance.score === null) continue;
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const failed = (["accessibility", "best-practices"] as const).flatMap((c) =>
      lhr.categories[c].auditRefs
        .filter((r) => r.weight > 0 && lhr.audits[r.id]?.score === 0)
        .map((r) => r.id),
    );
    done.push({
      score: pct(lhr.categories.performance.score),
      a11y: pct(lhr.categories.accessibility.score),
      bp: pct(lhr.categories["best-practices"].score),
      tbt: metric("total-blocking-time"),
      lcp: metric("largest-contentful-paint"),
      cls: metric("cumulative-layout-shift"),
      load,
      failed,
    });
  }
  const sorted = [...done].sort((a, b) => a.score - b.score);
  return {
    median: sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null,
    scores: done.map((r) => r.score).join("/") || "n/a",
  };
}
