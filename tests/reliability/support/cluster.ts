import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Db } from "../../../lib/platform/db/client";
import { ROOT, startApp, type RunningApp } from "../../support/app";

/**
 * Lib modules are imported after the test process's env points at the run's PostgreSQL database
 * and Redis prefix (the key repository publishes revocations through lib/platform/redis).
 */
export async function connect(url: string, redisPrefix: string): Promise<Db> {
  process.env.DATABASE_URL = url;
  process.env.REDIS_URL = "redis://127.0.0.1:6379";
  process.env.REDIS_PREFIX = redisPrefix;
  process.env.LOG_DEST = "stderr";
  const { createClient } = await import("../../../lib/platform/db/client");
  return createClient(url);
}

export interface TestKey {
  key: string;
  prefix: string;
  keyId: string;
  accountId: string;
}

/** A fresh account (with `plan`) and key, created through the same repository the CLI uses. */
export async function makeKey(db: Db, plan: string, environment: "test" | "live" = "test"): Promise<TestKey> {
  const { findOrCreateUser } = await import("../../../lib/accounts/users");
  const { createApiKey } = await import("../../../lib/keys/service");
  const user = await findOrCreateUser(db, `rel-${randomBytes(4).toString("hex")}@example.test`);
  await db.account.update({ where: { id: user.accountId }, data: { plan } });
  const { record, key } = await createApiKey(db, {
    accountId: user.accountId,
    name: "reliability",
    environment,
    source: "cli",
  });
  return { key, prefix: record.prefix, keyId: record.id, accountId: user.accountId };
}

/** Requests metered in the database for a key (all endpoints, statuses and minutes). */
export async function meteredRequests(db: Db, keyId: string): Promise<number> {
  const sum = await db.usageBucket.aggregate({ where: { apiKeyId: keyId }, _sum: { requests: true } });
  return sum._sum.requests ?? 0;
}

/** Starts `n` lean instances against one database and Redis, in parallel. */
export function startInstances(
  n: number,
  databaseUrl: string | string[],
  env: Record<string, string>,
): Promise<RunningApp[]> {
  return Promise.all(
    Array.from({ length: n }, (_, i) =>
      startApp({
        databaseUrl: Array.isArray(databaseUrl) ? databaseUrl[i] : databaseUrl,
        env: { INSTANCE_ID: `i${i}`, ...env },
      }),
    ),
  );
}

/** Keeps every instance's output for the secrets scan (data/test/reliability-logs/). */
export function saveLogs(name: string, apps: RunningApp[]): string {
  const dir = path.join(ROOT, "data", "test", "reliability-logs");
  fs.mkdirSync(dir, { recursive: true });
  const text = apps.map((a, i) => `--- instance ${i}\n${a.output()}`).join("\n");
  fs.writeFileSync(path.join(dir, `${name}.log`), text);
  return text;
}
