/** A feed's identifiers of Statline rows (ingest_mappings). */
import type { DbOrTx } from "../../platform/db/client";

export function findMapping(tx: DbOrTx, source: string, kind: string, externalId: string) {
  return tx.ingestMapping.findUnique({
    where: { source_kind_externalId: { source, kind, externalId } },
    select: { targetId: true, feedAt: true },
  });
}

export async function upsertMapping(
  tx: DbOrTx,
  key: { source: string; kind: string; externalId: string },
  targetId: string,
  feedAt: Date,
): Promise<void> {
  await tx.ingestMapping.upsert({
    where: { source_kind_externalId: key },
    create: { ...key, targetId, feedAt },
    update: { targetId, feedAt },
  });
}

/** Forgets the feed times of mappings (the gates an older write is ignored by); returns how many. */
export async function clearFeedTimes(
  tx: DbOrTx,
  source: string,
  keys: Array<{ kind: string; externalId: string }>,
  eventPrefix: string | null,
): Promise<number> {
  const { count } = await tx.ingestMapping.updateMany({
    where: {
      source,
      OR: [
        ...keys.map((k) => ({ kind: k.kind, externalId: k.externalId })),
        ...(eventPrefix === null ? [] : [{ kind: "event", externalId: { startsWith: eventPrefix } }]),
      ],
    },
    data: { feedAt: null },
  });
  return count;
}
