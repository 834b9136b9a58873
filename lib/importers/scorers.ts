/**
 * Scorer names to persons, per team and edition. Sources spell one player several ways in one
 * file ("Kylian Mbappé" and "Mbappé", "Ritsu Doan" and "Ritsu Dōan"): names are compared
 * accent-free (normalizeName), and a name that is the trailing words of exactly one longer name
 * of the same team in the edition (the roster, or this file) is that person. When it fits several,
 * it is reported with its match and left unlinked: never a second identity made up silently.
 */
import type { DbOrTx } from "../platform/db/client";
import { normalizeName } from "../sports/normalize";
import { createPerson } from "../sports/persons";
import { ensureRosterEntry, personIdByRef, rosteredPersons } from "../sports/store/persons";

export interface ScorerName {
  teamId: number;
  name: string;
  where: string;
}

interface Known {
  id: number | null;
  name: string;
}

export class ScorerResolver {
  /** team id -> normalised name -> person (id null until created) */
  private readonly byTeam = new Map<number, Map<string, Known>>();
  private readonly alias = new Map<string, string | null>();
  readonly notes: string[] = [];
  created = 0;

  private constructor(
    private readonly db: DbOrTx,
    private readonly editionId: number,
    private readonly refPrefix: string,
  ) {}

  /** The edition's rostered players by team. */
  static async load(db: DbOrTx, editionId: number, refPrefix: string): Promise<ScorerResolver> {
    const r = new ScorerResolver(db, editionId, refPrefix);
    const rows = await rosteredPersons(db, editionId);
    for (const row of rows) r.team(row.teamId!).set(normalizeName(row.person.name), row.person);
    return r;
  }

  private team(teamId: number): Map<string, Known> {
    let m = this.byTeam.get(teamId);
    if (!m) this.byTeam.set(teamId, (m = new Map()));
    return m;
  }

  /** Decides every name of the file at once, so a short name meets its long form wherever it appears. */
  async plan(names: ScorerName[]): Promise<void> {
    for (const n of names) {
      const key = normalizeName(n.name);
      const team = this.team(n.teamId);
      const hasLonger =
        names.some((m) => m.teamId === n.teamId && longer(normalizeName(m.name), key)) ||
        [...team.keys()].some((k) => longer(k, key));
      if (key && !team.has(key) && !hasLonger) team.set(key, { id: null, name: n.name });
    }
    for (const n of names) {
      const key = normalizeName(n.name);
      const aliasKey = `${n.teamId}:${key}`;
      if (this.alias.has(aliasKey)) continue;
      const team = this.team(n.teamId);
      if (team.has(key)) {
        this.alias.set(aliasKey, key);
        continue;
      }
      const fits = [...team.keys()].filter((full) => longer(full, key));
      if (fits.length === 1) this.alias.set(aliasKey, fits[0]);
      else {
        this.alias.set(aliasKey, null);
        this.notes.push(
          `${n.where}: scorer "${n.name}" fits ${fits.length} players of the same team (${fits.map((f) => `"${team.get(f)!.name}"`).join(", ")}); the goal is kept without a person`,
        );
      }
    }
    for (const [teamId, team] of this.byTeam)
      for (const [key, known] of team)
        if (known.id === null) known.id = await this.create(teamId, key, known.name);
  }

  /** The person for a name planned before; null when it was ambiguous. */
  personOf(teamId: number, name: string): number | null {
    const key = this.alias.get(`${teamId}:${normalizeName(name)}`);
    return key ? (this.team(teamId).get(key)?.id ?? null) : null;
  }

  private async create(teamId: number, key: string, name: string): Promise<number> {
    const externalRef = `${this.refPrefix}/${teamId}/${key}`;
    let personId = await personIdByRef(this.db, externalRef);
    if (personId === null) {
      const words = name.split(/\s+/);
      personId = await createPerson(this.db, {
        name,
        nameNormalized: key,
        firstName: words.length > 1 ? words[0] : null,
        lastName: words.length > 1 ? words.slice(1).join(" ") : name,
        sport: "football",
        externalRef,
      });
      this.created++;
    }
    await ensureRosterEntry(this.db, this.editionId, personId, teamId);
    return personId;
  }
}

/** True when normalised `full` is a longer name ending in the words of `key` ("kylian mbappe", "mbappe"). */
const longer = (full: string, key: string) => full.endsWith(` ${key}`);
