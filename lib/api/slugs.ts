/**
 * Names where ids are asked for: `competition=world-cup` (a slug) or `competition=en.1` (a league
 * code) is read as that competition's id before the query is validated, on every route that takes
 * a `competition` parameter; and a guessed path (`/v1/matches`) is answered with the right one.
 */
import type { Db } from "../db";
import { competitionIdByKey } from "../repos/competitions";
import { notFound } from "./errors";

const KEY = /^[a-z0-9][a-z0-9.-]{0,79}$/;

/** The slug or code a query names its competition by, or null (an id, none, a duplicate, anything else). */
export function competitionKey(query: URLSearchParams, takesCompetition: boolean): string | null {
  const given = takesCompetition ? query.getAll("competition") : [];
  // An id, a duplicate or anything else is left to the route's own validation and its message.
  return given.length !== 1 || /^[0-9]+$/.test(given[0]) || !KEY.test(given[0]) ? null : given[0];
}

/** The query with its competition slug or code (competitionKey) replaced by the id; 404 when none has it. */
export async function withCompetitionIds(
  db: Db,
  query: URLSearchParams,
  key: string,
): Promise<URLSearchParams> {
  const id = await competitionIdByKey(db, key);
  if (id === null) throw notFound(`Competition '${key}' (parameter 'competition')`);
  const out = new URLSearchParams(query);
  out.set("competition", String(id));
  return out;
}

/** The /v1 path a common guess means. */
const GUESSES: Record<string, string> = {
  matches: "/v1/contests",
  match: "/v1/contests",
  games: "/v1/contests",
  fixtures: "/v1/contests?status=scheduled",
  results: "/v1/contests?status=finished",
  events: "/v1/contests/{id}/events",
  players: "/v1/persons",
  people: "/v1/persons",
  clubs: "/v1/teams",
  leagues: "/v1/competitions",
  tournaments: "/v1/competitions",
  seasons: "/v1/editions",
  tables: "/v1/standings",
  table: "/v1/standings",
  scorers: "/v1/analysis/stat-board?stat=goals",
  topscorers: "/v1/analysis/stat-board?stat=goals",
};

/** "; did you mean /v1/contests?" for a guessed path, "" otherwise. */
export function pathHint(path: string): string {
  const first = /^\/v1\/([a-z_-]+)/i.exec(path)?.[1]?.toLowerCase().replace(/[_-]/g, "");
  const hint = first ? GUESSES[first] : undefined;
  return hint ? `; did you mean ${hint}?` : "";
}
