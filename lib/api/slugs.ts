/**
 * Names where ids are asked for. A competition by its slug (`world-cup`) or league code (`en.1`),
 * an edition by its competition's slug or code and its season (`world-cup-2022`,
 * `premier-league-2024-25`, `en.1-2024`), a team by its slug (`argentina`, `bayern-munchen`): in a
 * path (`/v1/teams/argentina/stats`) and in every query parameter that takes that record's id
 * (`competition`, `edition`, `team`, `opponent`). The name is read as the id before the query is
 * validated, so a numeric id, and anything that is neither an id nor a name, is validated exactly as
 * before; a name that names nothing is a 404. A guessed path (`/v1/matches`) is answered with the
 * right one.
 */
import { z } from "zod";
import type { Db } from "../platform/db";
import { competitionIdByKey } from "../repos/competitions";
import { editionIdBySeason } from "../repos/editions";
import { teamIdBySlug } from "../repos/teams";
import { notFound } from "../platform/errors";
import { NAME_PATTERNS, type NamedKind } from "./request";
import type { RouteDef } from "./types";

type Kind = NamedKind;
const LABEL: Record<Kind, string> = { competition: "Competition", edition: "Edition", team: "Team" };

/** The query parameters that take an id of each kind. */
const PARAM_KIND: Record<string, Kind> = {
  competition: "competition",
  edition: "edition",
  team: "team",
  opponent: "team",
};
/** The paths whose `{id}` is that kind's id. */
const PATH_KIND = /^\/v1\/(competitions|editions|teams)\/\{id\}/;
const PATH_KINDS: Record<string, Kind> = { competitions: "competition", editions: "edition", teams: "team" };

/** What a name of each kind looks like; anything else is left to the id's validation and its message. */
const SHAPE: Record<Kind, RegExp> = {
  competition: new RegExp(`^${NAME_PATTERNS.competition}$`),
  team: new RegExp(`^(?=.{1,80}$)${NAME_PATTERNS.team}$`),
  edition: new RegExp(`^(?=.{1,90}$)${NAME_PATTERNS.edition}$`),
};

/** A name given where an id is asked for. */
export interface Named {
  /** The query parameter, or null for the path's `{id}`. */
  param: string | null;
  kind: Kind;
  key: string;
}

/** The kind of record a path's `{id}` names ("/v1/teams/{id}/stats": team), or null. */
export function pathNameKind(pattern: string): Kind | null {
  const path = PATH_KIND.exec(pattern)?.[1];
  return path ? PATH_KINDS[path] : null;
}

interface Takes {
  path: Kind | null;
  params: Array<[string, Kind]>;
}
const takesOf = new WeakMap<RouteDef, Takes>();
function takes(route: RouteDef): Takes {
  let t = takesOf.get(route);
  if (!t) {
    const shape = route.query instanceof z.ZodObject ? (route.query.shape as Record<string, unknown>) : {};
    t = {
      path: pathNameKind(route.pattern),
      params: Object.keys(shape).flatMap((p): Array<[string, Kind]> =>
        PARAM_KIND[p] ? [[p, PARAM_KIND[p]]] : [],
      ),
    };
    takesOf.set(route, t);
  }
  return t;
}

const isName = (kind: Kind, value: string) => !/^[0-9]+$/.test(value) && SHAPE[kind].test(value);

/** The names the request gives where ids are asked for; [] for ids only (then nothing awaits). */
export function namedKeys(route: RouteDef, params: Record<string, string>, query: URLSearchParams): Named[] {
  const t = takes(route);
  const out: Named[] = [];
  const id = params.id;
  if (t.path && id !== undefined && isName(t.path, id)) out.push({ param: null, kind: t.path, key: id });
  for (const [param, kind] of t.params) {
    const given = query.getAll(param);
    // A duplicate is left to the query's validation and its message.
    if (given.length === 1 && isName(kind, given[0])) out.push({ param, kind, key: given[0] });
  }
  return out;
}

async function idOf(db: Db, kind: Kind, key: string): Promise<number | null> {
  if (kind === "competition") return competitionIdByKey(db, key);
  if (kind === "team") return teamIdBySlug(db, key);
  const [, competition, season] = SHAPE.edition.exec(key)!;
  const competitionId = await competitionIdByKey(db, competition);
  return competitionId === null ? null : editionIdBySeason(db, competitionId, season);
}

/** The path's params and the query with each name replaced by its record's id; 404 when one names none. */
export async function withIds(
  db: Db,
  named: Named[],
  params: Record<string, string>,
  query: URLSearchParams,
): Promise<{ params: Record<string, string>; query: URLSearchParams }> {
  const out = { params: { ...params }, query: new URLSearchParams(query) };
  for (const { param, kind, key } of named) {
    const id = await idOf(db, kind, key);
    if (param === null) {
      if (id === null) throw notFound(`${LABEL[kind]} ${key}`);
      out.params.id = String(id);
    } else {
      if (id === null) throw notFound(`${LABEL[kind]} '${key}' (parameter '${param}')`);
      out.query.set(param, String(id));
    }
  }
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
