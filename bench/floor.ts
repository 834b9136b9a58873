// The floor of each /v1 endpoint on this machine: a minimal server on the same core doing only the
// unavoidable work of the request (the endpoint's own prepared statements through the same driver,
// JSON.stringify of the rows, one write). Statlines's req/s and CPU per request are reported as
// ratios to it. The statements are captured by running the route's handler once in this process
// with lib/platform/db/sql.ts's trace on, so a route added later gets its floor without code here.
import fs from "node:fs";
import path from "node:path";
import { parseQuery } from "../lib/api/request";
import { matchRoute } from "../lib/api/router";
import { createClient } from "../lib/platform/db/client";
import { sqlTrace, type SqlParam } from "../lib/platform/db/sql";
import { startScriptServer, type Baseline } from "./servers";

export interface Captured {
  text: string;
  params: SqlParam[];
}

/** The statements one request to `pathAndQuery` runs (empty when the route reads no SQL). */
export async function captureStatements(url: string, pathAndQuery: string): Promise<Captured[]> {
  const u = new URL(pathAndQuery, "http://bench.invalid");
  const match = matchRoute(u.pathname);
  if (!match) throw new Error(`floor: no route for ${u.pathname}`);
  const db = createClient(url);
  const seen: Captured[] = [];
  sqlTrace.fn = (text, params) => seen.push({ text, params: [...params] });
  try {
    const query = parseQuery(u.searchParams, match.route.query);
    await match.route.handler({ query, params: match.params, caller: null, db });
  } finally {
    sqlTrace.fn = null;
    await db.$disconnect();
  }
  return seen;
}

/** Starts bench/floor-server.mjs for these statements on a free port. */
export async function startFloor(url: string, statements: Captured[]): Promise<Baseline> {
  const dir = path.join(__dirname, "results");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `floor-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify({ url, statements }));
  return startScriptServer("floor-server.mjs", file);
}
