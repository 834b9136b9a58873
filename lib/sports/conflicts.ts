/**
 * Where two sources describe the same contest differently: every field on which a pair of
 * sources disagree, with each source's value and the source whose value Statline keeps
 * (SOURCE_PRECEDENCE). Read by `npm run admin -- data conflicts`.
 */
import type { DbOrTx } from "../platform/db/client";
import { normalizeName } from "./normalize";
import { disagreements, flipped, outranks, type ContestFacts } from "./sources";
import { sharedContests } from "./store/sources";

export interface Conflict {
  contestId: number;
  date: string;
  match: string;
  competition: string;
  field: string;
  values: Record<string, string>;
  kept: string;
}

export async function listConflicts(db: DbOrTx): Promise<Conflict[]> {
  const out: Conflict[] = [];
  for (const c of await sharedContests(db)) {
    const names = (["home", "away"] as const).map(
      (s) => c.participants.find((p) => p.side === s)?.team?.name ?? s,
    ) as [string, string];
    const sources = [...c.sources].sort((a, b) =>
      outranks(a.source, b.source) ? -1 : outranks(b.source, a.source) ? 1 : 0,
    );
    const [top, ...rest] = sources.map((s) => ({
      source: s.source,
      facts: JSON.parse(s.facts) as ContestFacts,
    }));
    const homeTeam = c.participants.find((p) => p.side === "home")?.teamId;
    // Every source's facts seen from the stored contest's home side.
    for (const s of [top, ...rest])
      if (s.facts.teams && s.facts.teams[0] !== homeTeam) s.facts = flipped(s.facts);
    for (const other of rest)
      for (const d of disagreements(top, other, names, normalizeName))
        out.push({
          contestId: c.id,
          date: c.kickoffAt.toISOString().slice(0, 10),
          match: `${names[0]} v ${names[1]}`,
          competition: `${c.edition.competition.name} ${c.edition.name}`,
          field: d.field,
          values: d.values,
          kept: top.source,
        });
  }
  return out;
}
