import { z } from "zod";
import type { Db } from "../../platform/db";
import { competitionExists, currentEditionId } from "../../repos/competitions";
import type { ContestFilter } from "../../repos/contests";
import { editionExists } from "../../repos/editions";
import { personExists } from "../../repos/persons";
import { getTeam } from "../../repos/teams";
import { invalidParameter, notFound } from "../../platform/errors";
import { DAY_MS, q, refs } from "../request";

/** The scope of GET /v1/contests: its query, the filter it means, and the 404 of a filter naming nothing. */

export const CONTEST_STATUSES = ["scheduled", "live", "finished", "postponed", "cancelled"] as const;
/** A date window alone (no edition/competition/team/person) may span at most this many days. */
export const MAX_WINDOW_DAYS = 31;

export const listQuery = z.strictObject({
  edition: refs.edition("Edition (season)"),
  competition: refs.competition(
    "Competition; without edition, date, from or to it means the competition's current edition",
  ),
  team: refs.team("Contests this team plays in"),
  person: q.id.optional().describe("Person id: contests the person plays in or has statistics for"),
  date: q.date.optional().describe("UTC day of kickoff, YYYY-MM-DD"),
  from: q.date.optional().describe("First UTC day of kickoff, YYYY-MM-DD (inclusive)"),
  to: q.date.optional().describe("Last UTC day of kickoff, YYYY-MM-DD (inclusive)"),
  status: z.enum(CONTEST_STATUSES, { error: `must be one of ${CONTEST_STATUSES.join(", ")}` }).optional(),
  timezone: q.timezone,
});
export type ListQuery = z.output<typeof listQuery>;

/** Turns the query into a bounded filter, or a 400 naming what is missing. */
export async function toFilter(db: Db, query: ListQuery): Promise<ContestFilter> {
  const { edition, competition, team, person, date, from, to, status } = query;
  if (date && (from || to)) throw invalidParameter("date", "cannot be combined with from/to");
  if (from && to && from > to) throw invalidParameter("to", "must not be before from");
  const window = date
    ? { from: date, to: new Date(date.getTime() + DAY_MS) }
    : { from, to: to && new Date(to.getTime() + DAY_MS) };
  const hasEntity = edition ?? competition ?? team ?? person;
  if (!hasEntity) {
    if (!window.from && !window.to) {
      throw invalidParameter(
        "edition",
        "a scope is required: give edition, competition, team, person, date or from+to",
      );
    }
    if (!window.from || !window.to)
      throw invalidParameter(
        window.from ? "to" : "from",
        "from and to are both required without another scope",
      );
    if (window.to.getTime() - window.from.getTime() > MAX_WINDOW_DAYS * DAY_MS) {
      throw invalidParameter("to", `a date window alone may span at most ${MAX_WINDOW_DAYS} days`);
    }
  }
  let editionId = edition;
  // football-data.org convention: a competition without a season means its current one.
  if (competition && !edition && !window.from && !window.to) {
    editionId = (await currentEditionId(db, competition)) ?? undefined;
    if (!editionId) throw notFound(`Competition ${competition} (parameter 'competition')`);
  }
  return {
    editionId,
    competitionId: competition,
    teamId: team,
    personId: person,
    status,
    from: window.from,
    to: window.to,
  };
}

/** An empty list is fine, unless it is empty because a filter names no record: then 404. */
export async function checkReferences(db: Db, query: ListQuery): Promise<void> {
  if (query.edition && !(await editionExists(db, query.edition)))
    throw notFound(`Edition ${query.edition} (parameter 'edition')`);
  if (query.competition && !(await competitionExists(db, query.competition)))
    throw notFound(`Competition ${query.competition} (parameter 'competition')`);
  if (query.team && !(await getTeam(db, query.team))) throw notFound(`Team ${query.team} (parameter 'team')`);
  if (query.person && !(await personExists(db, query.person)))
    throw notFound(`Person ${query.person} (parameter 'person')`);
}
