import net from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Db } from "../../lib/platform/db/client";
import type { RunningApp } from "../support/app";
import { connect, makeKey, saveLogs, startInstances, type TestKey } from "./support/cluster";
import { generateCases, type HostileCase, type Ids } from "./support/hostile-cases";
import { createSeededDatabase, deleteRedisPrefix, redisPrefix } from "./support/infra";
import { report } from "./support/report";
import { dumpPostgres, findSecrets } from "./support/secrets";

/** At least 10,000 generated hostile requests against one scale-out instance (PostgreSQL + Redis). */
let database: Awaited<ReturnType<typeof createSeededDatabase>>;
let db: Db;
let app: RunningApp;
let key: TestKey;
const prefix = redisPrefix();

beforeAll(async () => {
  database = await createSeededDatabase();
  db = await connect(database.url, prefix);
  key = await makeKey(db, "unlimited");
  [app] = await startInstances(1, database.url, {
    REDIS_URL: "redis://127.0.0.1:6379",
    REDIS_PREFIX: prefix,
    // Thousands of keyless and unknown-key requests from one address are the point of this run;
    // the per-address throttle they would trip is tested in abuse-server.test.ts.
    AUTH_FAILURE_BURST: "0",
  });
});

afterAll(async () => {
  await app?.stop();
  await db?.$disconnect();
  await deleteRedisPrefix(prefix);
  database?.drop();
});

interface Outcome {
  status: number;
  body: string;
  contentType: string;
}

async function viaFetch(c: HostileCase): Promise<Outcome> {
  try {
    const res = await fetch(`${app.baseUrl}${c.path}`, {
      method: c.method,
      headers: c.headers,
      redirect: "manual",
    });
    return { status: res.status, body: await res.text(), contentType: res.headers.get("content-type") ?? "" };
  } catch {
    return { status: 0, body: "", contentType: "" };
  }
}

/** Exact bytes over a socket: what an HTTP client library would refuse to send. */
function viaRaw(c: HostileCase): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = net.connect(app.port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const finish = () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString("latin1");
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
      const [head, ...body] = text.split("\r\n\r\n");
      resolve({
        status,
        body: body.join("\r\n\r\n"),
        contentType: /content-type: ([^\r\n]+)/i.exec(head)?.[1] ?? "",
      });
    };
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ status: -1, body: "", contentType: "" });
    }, 5000);
    socket.on("data", (d) => chunks.push(d));
    socket.on("close", finish);
    socket.on("error", () => {});
    const headers = c.headers.map(([n, v]) => `${n}: ${v}\r\n`).join("");
    socket.end(
      Buffer.from(
        `${c.method} ${c.path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Connection: close\r\n\r\n`,
        "latin1",
      ),
    );
  });
}

async function discoverIds(): Promise<Ids> {
  const get = async (path: string) => {
    const res = await fetch(`${app.baseUrl}${path}`, { headers: { "X-API-Key": key.key } });
    return res.ok
      ? ((await res.json()) as { data: { items?: { id: string }[]; next_cursor?: string | null } }).data
      : null;
  };
  const competitionId = (await get("/v1/competitions"))?.items?.[0]?.id ?? "1";
  const contests = (await get(`/v1/contests?competition=${competitionId}`))?.items ?? [];
  const personId = (await get("/v1/persons?limit=1"))?.items?.[0]?.id ?? "1";
  let cursor: string | null = null;
  let foreignCursor: string | null = null;
  let contestId = contests[0]?.id ?? "1";
  for (const c of contests.slice(0, 20)) {
    const next = (await get(`/v1/contests/${c.id}/odds/history?limit=1`))?.next_cursor ?? null;
    if (!next) continue;
    if (cursor === null) {
      cursor = next;
      contestId = c.id;
    } else if (foreignCursor === null) foreignCursor = next;
  }
  return { validKey: key.key, contestId, personId, competitionId, cursor, foreignCursor };
}

test("10,000+ hostile requests: no 500, only the expected statuses, no stack or secret in any answer", async () => {
  const ids = await discoverIds();
  const cases = generateCases(ids);
  expect(cases.length).toBeGreaterThanOrEqual(10_000);
  const byCategory: Record<string, Record<string, number>> = {};
  const unexpected: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++];
      const out = c.via === "raw" ? await viaRaw(c) : await viaFetch(c);
      const counts = (byCategory[c.category] ??= {});
      counts[out.status] = (counts[out.status] ?? 0) + 1;
      const closedOnConnect = out.status === 0 && c.method === "CONNECT";
      const leak = /\n\s+at |node_modules|\/work\/|\.ts:\d/.test(out.body);
      const jsonError =
        out.contentType.includes("application/json") &&
        out.status >= 400 &&
        !/^\{"error":\{"code":"[A-Z_]+","message":"/.test(out.body);
      if ((!c.expect.includes(out.status) && !closedOnConnect) || leak || jsonError) {
        unexpected.push(
          `${c.category}: ${c.method.slice(0, 10)} ${c.path.slice(0, 80)} -> ${out.status}${leak ? " (leak)" : ""}${jsonError ? " (error shape)" : ""} ${out.body.slice(0, 120)}`,
        );
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: 12 }, worker));
  const total = Object.values(byCategory).reduce(
    (n, c) => n + Object.values(c).reduce((a, b) => a + b, 0),
    0,
  );
  const fiveHundreds = Object.values(byCategory).reduce(
    (n, c) =>
      n +
      Object.entries(c)
        .filter(([s]) => Number(s) >= 500)
        .reduce((a, [, v]) => a + v, 0),
    0,
  );
  report("hostile_input", {
    total,
    fiveHundreds,
    byCategory,
    realCursor: ids.cursor !== null,
    unexpected: unexpected.length,
    unexpectedSamples: [
      ...unexpected.filter((u) => / -> (5\d\d|0|-1)[ (]/.test(u)).slice(0, 10),
      ...unexpected.slice(0, 10),
    ],
    seconds: Math.round((performance.now() - started) / 100) / 10,
  });
  expect(fiveHundreds).toBe(0);
  expect(unexpected.slice(0, 20)).toEqual([]);
  // The instance is still healthy afterwards.
  expect((await fetch(`${app.baseUrl}/v1/teams`, { headers: { "X-API-Key": key.key } })).status).toBe(200);
});

test("secrets: no full key in the server's logs or the database after the hostile run", async () => {
  expect(await app.stop("SIGTERM")).toBe(0);
  const text = saveLogs("hostile", [app]);
  expect(text).toContain("statline listening");
  expect(
    findSecrets(
      [
        { name: "logs", text },
        { name: "db", text: await dumpPostgres(db) },
      ],
      [key.key],
    ),
  ).toEqual([]);
});
