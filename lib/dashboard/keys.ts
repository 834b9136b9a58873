import type { Db } from "../db";
import { listApiKeys } from "../keys/repository";
import type { KeyView } from "./types";

type KeyRow = Awaited<ReturnType<typeof listApiKeys>>[number];

export function toKeyView(k: KeyRow, lastUsed?: Date | null): KeyView {
  const used = [k.lastUsedAt, lastUsed].filter((d): d is Date => d instanceof Date).sort((a, b) => b.getTime() - a.getTime())[0];
  return {
    id: k.id,
    name: k.name,
    environment: k.environment === "live" ? "live" : "test",
    prefix: k.prefix,
    source: k.source,
    createdAt: k.createdAt.toISOString(),
    createdBy: k.createdBy,
    lastUsedAt: used?.toISOString() ?? null,
    revokedAt: k.revokedAt?.toISOString() ?? null,
    revokedBy: k.revokedBy,
  };
}

/**
 * The account's keys, newest first. "Last used" also looks at the newest usage bucket (minute
 * precision) so it is right even where lastUsedAt is not maintained; each lookup is one probe of
 * the (apiKeyId, minute, ...) unique index.
 */
export async function listKeyViews(db: Db, accountId: string): Promise<KeyView[]> {
  const keys = await listApiKeys(db, accountId);
  const lastBuckets = await Promise.all(
    keys.map((k) =>
      db.usageBucket.findFirst({ where: { apiKeyId: k.id }, orderBy: { minute: "desc" }, select: { minute: true } }),
    ),
  );
  return keys.map((k, i) => toKeyView(k, lastBuckets[i]?.minute));
}
