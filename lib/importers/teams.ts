import { recordChanges } from "../events/changes";
import type { DbOrTx } from "../platform/db/client";
import { normalizeName } from "../sports/normalize";
import {
  createTeam,
  editionParticipantTeams,
  listAliasKeys,
  listTeams,
  setTeamCountry,
} from "../sports/store/teams";
import { baseKey, canonicalName, suggest, teamKey } from "./team-names";

export { teamKey } from "./team-names";

/** A source name that matches none of the teams the edition already has. */
export interface UnmatchedName {
  name: string;
  suggestions: string[];
}

interface Known {
  id: number;
  name: string;
  country: string | null;
}

/**
 * Finds teams by identity (alias table, operator aliases, normalised name) and creates the missing
 * ones inside the importer's transaction. `plan` runs first and writes nothing: when the edition
 * already has its teams from another source, a name that matches none of them is reported with
 * suggestions instead of becoming a duplicate club.
 */
export class TeamResolver {
  private byKey = new Map<string, Known>();
  private inEdition = new Map<number, string>();
  /** Teams that existed before this import, for "looks like" notes on new ones. */
  private before: Known[] = [];
  created = 0;
  notes: string[] = [];

  private constructor(private db: DbOrTx) {}

  static async load(db: DbOrTx, editionId?: number): Promise<TeamResolver> {
    const r = new TeamResolver(db);
    const teams = await listTeams(db);
    for (const t of teams) {
      const key = teamKey(t.name, t.country);
      if (!r.byKey.has(key)) r.byKey.set(key, t);
    }
    r.before = teams;
    const byId = new Map(teams.map((t) => [t.id, t]));
    for (const a of await listAliasKeys(db)) {
      const t = byId.get(a.teamId);
      if (t) r.byKey.set(a.key, t);
    }
    if (editionId !== undefined) {
      const rows = await editionParticipantTeams(db, editionId);
      for (const p of rows) if (p.team) r.inEdition.set(p.team.id, p.team.name);
    }
    return r;
  }

  private find(name: string, country: string | null): Known | undefined {
    return this.byKey.get(teamKey(name, country)) ?? this.byKey.get(baseKey(name));
  }

  /** The existing team a name (normalised, or an alias) names, with its country; undefined when none. */
  match(name: string, country: string | null): number | undefined {
    return this.find(name, country)?.id;
  }

  /** Names that match no team of an edition that already has teams (empty for a new edition). */
  plan(names: Array<{ name: string; country: string | null }>): UnmatchedName[] {
    if (!this.inEdition.size) return [];
    const seen = new Set<string>();
    const out: UnmatchedName[] = [];
    for (const { name, country } of names) {
      if (seen.has(name)) continue;
      seen.add(name);
      const t = this.find(name, country);
      if (t && this.inEdition.has(t.id)) continue;
      out.push({ name, suggestions: suggest(name, [...this.inEdition.values()]) });
    }
    return out;
  }

  async resolve(name: string, country: string | null): Promise<number> {
    const known = this.find(name, country);
    if (known) {
      // Fill in a country learnt from a later source ("Arsenal FC (ENG)"); never overwrite one.
      if (known.country === null && country) {
        await setTeamCountry(this.db, known.id, country);
        known.country = country;
      }
      return known.id;
    }
    const display = canonicalName(name, country);
    const similar = suggest(
      display,
      this.before.filter((t) => !country || t.country === country).map((t) => t.name),
      0.7,
    );
    if (similar.length)
      this.notes.push(
        `new team "${display}" looks like ${similar.map((s) => `"${s}"`).join(", ")}; if it is the same club: npm run admin -- team alias add --team "${similar[0]}" --alias "${name}"`,
      );
    const short =
      display
        .split(" ")
        .filter((w) => !["fc", "afc", "cf", "ac", "sc"].includes(w.toLowerCase()))
        .join(" ") || display;
    const team = await createTeam(this.db, {
      name: display,
      nameNormalized: normalizeName(display),
      shortName: short,
      code: normalizeName(short).replace(/ /g, "").slice(0, 3).toUpperCase(),
      country,
    });
    await recordChanges(this.db, [
      {
        type: "team.created",
        resourceId: team.id,
        competitionId: null,
        contestId: null,
        data: { id: String(team.id), name: display, country },
      },
    ]);
    const entry = { id: team.id, name: display, country };
    this.byKey.set(teamKey(display, country), entry);
    this.byKey.set(teamKey(name, country), entry);
    this.created++;
    return team.id;
  }
}
