import type { Tx } from "../../platform/db/client";
import type { Provider } from "../../platform/db/config";
import { normalizeName, slugify } from "../../sports/normalize";
import { createCompetition, listCompetitions, setEditionDates } from "../../sports/store/competitions";
import { canonicalCompetitionName } from "../competition";
import * as store from "../store/international";
import type { IntlMatch } from "./parse";
import { editionNameOf, kickoffOf } from "./rows";

/** One competition per tournament name (friendlies included), found by name or slug, else created. */
export async function resolveCompetitions(tx: Tx, tournaments: string[]) {
  const all = await listCompetitions(tx);
  const byKey = new Map<string, number>();
  for (const c of all) {
    byKey.set(normalizeName(canonicalCompetitionName(c.name)), c.id);
    byKey.set(`slug:${c.slug}`, c.id);
  }
  const ids = new Map<string, number>();
  let created = 0;
  for (const t of tournaments) {
    const name = canonicalCompetitionName(t);
    const found = byKey.get(normalizeName(name)) ?? byKey.get(`slug:${slugify(name)}`);
    if (found) {
      ids.set(t, found);
      continue;
    }
    const c = await createCompetition(tx, {
      slug: slugify(name),
      name,
      sport: "football",
      kind: "team",
      format: t === "Friendly" ? "knockout" : "league_knockout",
      country: null,
      code: null,
      tier: null,
    });
    created++;
    byKey.set(normalizeName(name), c.id);
    ids.set(t, c.id);
  }
  return { ids, created };
}

/** Editions per tournament and calendar year, created in bulk; date ranges grow to cover the matches. */
export async function resolveEditions(
  tx: Tx,
  provider: Provider,
  competitionIds: Map<string, number>,
  matches: IntlMatch[],
) {
  const span = new Map<string, { competitionId: number; name: string; start: Date; end: Date }>();
  for (const m of matches) {
    const competitionId = competitionIds.get(m.tournament)!;
    const name = editionNameOf(m);
    const k = `${competitionId}/${name}`;
    const at = kickoffOf(m.date);
    const s = span.get(k);
    if (!s) span.set(k, { competitionId, name, start: at, end: at });
    else {
      if (at < s.start) s.start = at;
      if (at > s.end) s.end = at;
    }
  }
  const existing = await store.editionsOf(tx, [...new Set(competitionIds.values())]);
  const ids = new Map<string, number>();
  const competitionOf = new Map<number, number>();
  for (const e of existing) {
    const k = `${e.competitionId}/${e.name}`;
    ids.set(k, e.id);
    competitionOf.set(e.id, e.competitionId);
    const s = span.get(k);
    if (s && (s.start < e.startDate || s.end > e.endDate))
      await setEditionDates(
        tx,
        e.id,
        s.start < e.startDate ? s.start : e.startDate,
        s.end > e.endDate ? s.end : e.endDate,
      );
  }
  const missing = [...span.entries()].filter(([k]) => !ids.has(k)).map(([, s]) => s);
  const made = await store.createEditions(
    tx,
    provider,
    missing.map((s) => ({
      competitionId: s.competitionId,
      name: s.name,
      startDate: s.start,
      endDate: s.end,
    })),
  );
  for (const e of made) {
    ids.set(`${e.competitionId}/${e.name}`, Number(e.id));
    competitionOf.set(Number(e.id), Number(e.competitionId));
  }
  return {
    created: made.length,
    idOf: (competitionId: number, name: string) => ids.get(`${competitionId}/${name}`)!,
    competitionOf: (editionId: number) => competitionOf.get(editionId)!,
  };
}
