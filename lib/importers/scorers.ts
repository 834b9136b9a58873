/**
 * Scorer names to persons, per team and edition. Sources spell one player several ways in one
 * file ("Kylian Mbappé" and "Mbappé", "Ritsu Doan" and "Ritsu Dōan"): names are compared
 * accent-free (normalizeName), and a name that is the trailing words of exactly one longer name
 * of the same team in the edition (the roster, or this file) is that person. When it fits several,
 * it is reported with its match and left unlinked: never a second identity made up silently.
 */
import { recordChanges } from "../events/changes";
import type { DbOrTx } from "../db/client";
import { nameTokens, normalizeName } from "../sports/normalize";

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
    const rows = await db.rosterEntry.findMany({
      where: { editionId, teamId: { not: null } },
      select: { teamId: true, person: { select: { id: true, name: true } } },
    });
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
    let person = await this.db.person.findUnique({ where: { externalRef }, select: { id: true } });
    if (!person) {
      const words = name.split(/\s+/);
      person = await this.db.person.create({
        data: {
          name,
          nameNormalized: key,
          firstName: words.length > 1 ? words[0] : null,
          lastName: words.length > 1 ? words.slice(1).join(" ") : name,
          sport: "football",
          externalRef,
        },
        select: { id: true },
      });
      await this.db.personNameToken.createMany({
        data: nameTokens(name).map((token) => ({ token, personId: person!.id })),
      });
      await recordChanges(this.db, [
        {
          type: "person.created",
          resourceId: person.id,
          competitionId: null,
          contestId: null,
          data: { id: String(person.id), name, sport: "football" },
        },
      ]);
      this.created++;
    }
    await this.db.rosterEntry.upsert({
      where: { editionId_personId: { editionId: this.editionId, personId: person.id } },
      create: { editionId: this.editionId, personId: person.id, teamId, role: "player" },
      update: {},
    });
    return person.id;
  }
}

/** True when normalised `full` is a longer name ending in the words of `key` ("kylian mbappe", "mbappe"). */
const longer = (full: string, key: string) => full.endsWith(` ${key}`);
