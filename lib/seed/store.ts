/** The seed's reads and its marker; the bulk rows go through the driver (lib/seed/insert.ts). */
import type { Db, DbOrTx } from "../db/client";

/** The system_state value naming the seeded version and scale, or null. */
export async function seedMarkerOf(db: Db, key: string): Promise<string | null> {
  return (await db.systemState.findUnique({ where: { key } }))?.value ?? null;
}

export async function setSeedMarker(tx: DbOrTx, key: string, value: string): Promise<void> {
  await tx.systemState.upsert({ where: { key }, create: { key, value }, update: { value } });
}

export const competitionCount = (db: Db): Promise<number> => db.competition.count();

/** Every edition's id, in id order. */
export async function editionIds(db: Db): Promise<number[]> {
  return (await db.edition.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((e) => e.id);
}
