import type { Db } from "../db";

export function listRosterEntries(db: Db, f: { editionId?: number; teamId?: number; personId?: number }) {
  return db.rosterEntry.findMany({
    where: { editionId: f.editionId, teamId: f.teamId, personId: f.personId },
    select: {
      id: true,
      editionId: true,
      teamId: true,
      personId: true,
      shirtNumber: true,
      position: true,
      role: true,
      person: { select: { name: true } },
    },
    orderBy: [{ editionId: "asc" }, { teamId: "asc" }, { id: "asc" }],
  });
}

export type RosterRow = Awaited<ReturnType<typeof listRosterEntries>>[number];
