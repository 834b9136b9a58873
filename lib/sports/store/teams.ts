/** Teams' SQL for the writers of sports data (importers, the ingest API). */
import type { DbOrTx } from "../../platform/db/client";
import type { Prisma } from "../../generated/sqlite/client";

/** Every team's id, name and country, in id order. */
export function listTeams(db: DbOrTx) {
  return db.team.findMany({ select: { id: true, name: true, country: true }, orderBy: { id: "asc" } });
}

/** The operators' team aliases (normalised key -> team). */
export function listAliasKeys(db: DbOrTx) {
  return db.teamAlias.findMany({ select: { key: true, teamId: true } });
}

/** The teams that play a contest of the edition, once each. */
export function editionParticipantTeams(db: DbOrTx, editionId: number) {
  return db.contestParticipant.findMany({
    where: { contest: { editionId }, teamId: { not: null } },
    select: { team: { select: { id: true, name: true } } },
    distinct: ["teamId"],
  });
}

export function setTeamCountry(db: DbOrTx, id: number, country: string) {
  return db.team.update({ where: { id }, data: { country } });
}

export function createTeam(db: DbOrTx, data: Prisma.TeamCreateInput) {
  return db.team.create({ data });
}
