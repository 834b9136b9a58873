import http from "node:http";
import { admin } from "../support/cli";
import type { UsageTotals } from "../../lib/usage/totals";

export interface Res {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: { error?: { code: string; message: string }; data?: unknown };
}

/** One GET (or other method) over real HTTP; `agent` lets tests hold many sockets open. */
export function call(
  baseUrl: string,
  path: string,
  key?: string,
  opts: { agent?: http.Agent; method?: string } = {},
): Promise<Res> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${baseUrl}${path}`,
      { method: opts.method ?? "GET", agent: opts.agent, headers: key ? { "X-API-Key": key } : {} },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (text += c));
        res.on("end", () => {
          try {
            resolve({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) : {} });
          } catch (err) {
            reject(err);
          }
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

export function usageOf(databaseUrl: string, email: string, ...args: string[]): UsageTotals {
  return JSON.parse(admin(databaseUrl, "usage", "--email", email, "--json", ...args)) as UsageTotals;
}

/** Polls the admin CLI until flushed totals satisfy `done` (the server flushes every second). */
export async function waitForUsage(
  databaseUrl: string,
  email: string,
  done: (t: UsageTotals) => boolean,
  timeoutMs = 20_000,
): Promise<UsageTotals> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const totals = usageOf(databaseUrl, email);
    if (done(totals) || Date.now() > deadline) return totals;
    await new Promise((r) => setTimeout(r, 300));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function setPlan(databaseUrl: string, email: string, plan: string): void {
  admin(databaseUrl, "account", "plan", "--email", email, "--plan", plan);
}
