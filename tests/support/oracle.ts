import { afterAll, beforeAll, expect } from "vitest";
import { call, expectOk, type ApiResult } from "./api";
import { startApp, type RunningApp } from "./app";
import { createUnlimitedKey } from "./cli";
import { buildFixture, buildPgFixture, type Fixture } from "./fixtures";
import type { TempPgDatabase } from "./postgres";

// The oracle tests of the reads written straight from SQL rows (tests/api/*-sql.test.ts): the
// fixture on SQLite and on PostgreSQL, enriched with what each test needs, a key and a server
// with the response cache off, so every request runs the read under test.

export const BACKENDS = [
  { name: "SQLite", pg: false },
  { name: "PostgreSQL", pg: true },
];

export interface OracleApp<E> {
  fx: Fixture;
  app: RunningApp;
  key: string;
  /** What `enrich` returned (ids of the records it added). */
  extra: E;
  /** One request with the key. */
  call(path: string): Promise<ApiResult>;
  /** 200 with the envelope and the route's schema: the data, and the body as text. */
  // The data is checked field by field in the tests.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  get(path: string): Promise<{ data: any; text: string }>;
}

/** Sets the world up before the describe block's tests and tears it down after them. */
export function oracleApp<E>(pg: boolean, name: string, enrich: (fx: Fixture) => Promise<E>): OracleApp<E> {
  let temp: TempPgDatabase | undefined;
  const w = {
    call: (path: string) => call(w.app.baseUrl, path, { key: w.key }),
    async get(path: string) {
      const r = await w.call(path);
      return { data: expectOk(r, path), text: r.text };
    },
  } as OracleApp<E>;
  beforeAll(async () => {
    if (pg) ({ pg: temp, fx: w.fx } = await buildPgFixture());
    else w.fx = await buildFixture();
    w.extra = await enrich(w.fx);
    w.key = createUnlimitedKey(w.fx.url, `${name}-${pg ? "pg" : "sqlite"}@example.com`);
    w.app = await startApp({ databaseUrl: w.fx.url, env: { RESPONSE_CACHE: "off" } });
  }, 300_000);
  afterAll(async () => {
    await w.app?.stop();
    await w.fx?.db.$disconnect();
    temp?.drop();
  });
  return w;
}

/** The body's data, as text, is exactly JSON.stringify of the expectation (key order included). */
export function expectBytes(text: string, data: unknown, label?: string): void {
  const head = `{"data":${JSON.stringify(data)},"meta":{`;
  expect(text.slice(0, head.length), label).toBe(head);
}
