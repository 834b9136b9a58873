/**
 * `statline demo remove` (npm run admin -- demo remove): takes the generated demo set out of a
 * running instance. One transaction deletes it and records a deletion in the change feed for every
 * contest, team and person it held, so feed readers, streams and webhooks drop them too.
 */
import type { Db } from "../platform/db/client";
import { recordChanges, sid } from "../events/changes";
import type { ChangeInput } from "../events/types";
import { SEED_STATE_KEY } from "./index";
import { deleteDemoRows, demoRows, setSeedMarker } from "./store";

export interface DemoRemoval {
  contests: number;
  teams: number;
  persons: number;
}

export async function removeDemoData(db: Db): Promise<DemoRemoval> {
  return db.$transaction(
    async (tx) => {
      const rows = await demoRows(tx);
      const changes: ChangeInput[] = [
        ...rows.contests.map((c) => ({
          type: "contest.deleted" as const,
          resourceId: c.id,
          competitionId: c.competitionId,
          contestId: c.id,
          data: { id: sid(c.id), deleted: true, demo: true },
        })),
        ...rows.teams.map((id) => ({
          type: "team.deleted" as const,
          resourceId: id,
          competitionId: null,
          contestId: null,
          data: { id: sid(id), deleted: true, demo: true },
        })),
        ...rows.persons.map((id) => ({
          type: "person.deleted" as const,
          resourceId: id,
          competitionId: null,
          contestId: null,
          data: { id: sid(id), deleted: true, demo: true },
        })),
      ];
      await deleteDemoRows(tx);
      await recordChanges(tx, changes);
      // `npm start` seeds only an empty database; the marker says the demo set was taken out.
      await setSeedMarker(tx, SEED_STATE_KEY, "removed");
      return { contests: rows.contests.length, teams: rows.teams.length, persons: rows.persons.length };
    },
    { timeout: 10 * 60_000, maxWait: 30_000 },
  );
}
