/**
 * The system under test of the ingest model-based test: lean instances on one database (one on a
 * SQLite file, two on PostgreSQL with Redis), an operator account with two ingest keys (the two
 * writers) and a read key, all over real HTTP.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Db } from "../../../lib/platform/db/client";
import { startApp, type RunningApp } from "../app";
import { createMigratedPgDatabase } from "../postgres";

export interface World {
  kind: "sqlite" | "postgresql";
  apps: RunningApp[];
  db: Db;
  ingestKeys: [string, string];
  readKey: string;
  stop: () => Promise<void>;
}

export interface Answer {
  status: number;
  text: string;
  replayed: boolean;
  // The bodies are compared field by field with the model's expectations.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/** One HTTP request; `idem` null sends no Idempotency-Key. */
export async function send(
  baseUrl: string,
  key: string,
  method: string,
  pathname: string,
  body: string | undefined,
  idem: string | null,
  contentType = "application/json",
): Promise<Answer> {
  const headers: Record<string, string> = { Authorization: `Bearer ${key}`, "Content-Type": contentType };
  if (idem !== null) headers["Idempotency-Key"] = idem;
  const res = await fetch(`${baseUrl}${pathname}`, { method, headers, body });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: the assertions show the text
  }
  return { status: res.status, text, json, replayed: res.headers.get("idempotent-replayed") === "true" };
}

/**
 * Starts the world. `env` is added to both instances' (Redis for PostgreSQL). The response cache
 * is off so a read on either instance answers what is committed.
 */
export async function startWorld(
  kind: World["kind"],
  instances: 1 | 2,
  env: Record<string, string> = {},
): Promise<World> {
  let url: string;
  let dropDb: () => void;
  if (kind === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-model-"));
    url = `file:${path.join(dir, "model.db")}`;
    dropDb = () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    const pg = await createMigratedPgDatabase();
    url = pg.url;
    dropDb = pg.drop;
  }
  process.env.DATABASE_URL = url;
  const { applyMigrations } = await import("../../../lib/platform/db/schema-engine");
  if (kind === "sqlite") await applyMigrations(url);
  const { createClient } = await import("../../../lib/platform/db/client");
  const { findOrCreateUser } = await import("../../../lib/accounts/users");
  const { createApiKey } = await import("../../../lib/keys/service");
  const db = createClient(url);
  const user = await findOrCreateUser(db, "model-feed@example.com");
  await db.account.update({ where: { id: user.accountId }, data: { operator: true, plan: "unlimited" } });
  const key = async (name: string, ingest: boolean) =>
    (
      await createApiKey(db, {
        accountId: user.accountId,
        name,
        environment: "live",
        options: ingest ? { scopes: ["ingest"] } : {},
      })
    ).key;
  const ingestKeys: [string, string] = [await key("writer A", true), await key("writer B", true)];
  const readKey = await key("reader", false);
  const started = await Promise.all(
    Array.from({ length: instances }, (_, i) =>
      startApp({
        databaseUrl: url,
        env: { INSTANCE_ID: `model${i}`, RESPONSE_CACHE: "off", WEBHOOKS: "off", ...env },
      }),
    ),
  );
  // One instance serves both writers when there is one (SQLite: one writer process per file).
  const apps = [started[0], started[instances - 1]];
  return {
    kind,
    apps,
    db,
    ingestKeys,
    readKey,
    stop: async () => {
      await Promise.all(started.map((a) => a.stop()));
      await db.$disconnect();
      dropDb();
    },
  };
}

/**
 * A /v1 read with the read key on instance `i`. A 503 (SQLite busy past its timeout on a loaded
 * machine) asks for a retry with back-off, as the writes do.
 */
export async function read(w: World, i: number, pathname: string): Promise<Answer> {
  for (let attempt = 0; ; attempt++) {
    const a = await send(w.apps[i % 2].baseUrl, w.readKey, "GET", `/v1${pathname}`, undefined, null);
    if (a.status !== 503 || attempt === 5) return a;
    await new Promise((r) => setTimeout(r, 250 * 2 ** attempt));
  }
}
