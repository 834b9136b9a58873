import type { DbOrTx } from "../sports/db";
import { normalizeName } from "../sports/normalize";

// Club-type affixes that sources add or drop ("Liverpool FC" vs "Liverpool").
const AFFIXES = new Set(["fc", "afc", "cf", "ac", "sc"]);

// football-data.co.uk's short English names -> the key of the full club name.
const ALIASES: Record<string, string> = {
  "man city": "manchester city", "man united": "manchester united", "man utd": "manchester united",
  "nott m forest": "nottingham forest", "wolves": "wolverhampton wanderers", "newcastle": "newcastle united",
  "west ham": "west ham united", "leicester": "leicester city", "ipswich": "ipswich town",
  "tottenham": "tottenham hotspur", "spurs": "tottenham hotspur", "brighton": "brighton hove albion",
  "sheffield utd": "sheffield united", "sheffield weds": "sheffield wednesday", "luton": "luton town",
  "norwich": "norwich city", "cardiff": "cardiff city", "swansea": "swansea city", "stoke": "stoke city",
  "hull": "hull city", "leeds": "leeds united", "west brom": "west bromwich albion", "qpr": "queens park rangers",
  "huddersfield": "huddersfield town", "derby": "derby county", "birmingham": "birmingham city",
  "blackburn": "blackburn rovers", "bolton": "bolton wanderers", "wigan": "wigan athletic",
  "coventry": "coventry city", "preston": "preston north end", "oxford": "oxford united", "plymouth": "plymouth argyle",
};

/** Identity of a club across sources: "Man City", "Manchester City FC" -> "manchester city". */
export function teamKey(name: string): string {
  const normalized = normalizeName(name);
  const stripped = normalized.split(" ").filter((w) => !AFFIXES.has(w)).join(" ") || normalized;
  return ALIASES[stripped] ?? stripped;
}

/** Finds teams by key, creating the missing ones (inside the importer's transaction). */
export class TeamResolver {
  private byKey = new Map<string, { id: number; country: string | null }>();
  created = 0;

  private constructor(private db: DbOrTx) {}

  static async load(db: DbOrTx): Promise<TeamResolver> {
    const r = new TeamResolver(db);
    for (const t of await db.team.findMany({ select: { id: true, name: true, country: true }, orderBy: { id: "asc" } })) {
      if (!r.byKey.has(teamKey(t.name))) r.byKey.set(teamKey(t.name), { id: t.id, country: t.country });
    }
    return r;
  }

  async resolve(name: string, country: string | null): Promise<number> {
    const key = teamKey(name);
    const known = this.byKey.get(key);
    if (known) {
      // Fill in a country learnt from a later source ("Arsenal FC (ENG)"); never overwrite one.
      if (known.country === null && country) {
        await this.db.team.update({ where: { id: known.id }, data: { country } });
        known.country = country;
      }
      return known.id;
    }
    const short = name.split(" ").filter((w) => !AFFIXES.has(w.toLowerCase())).join(" ") || name;
    const team = await this.db.team.create({
      data: { name, nameNormalized: normalizeName(name), shortName: short, code: normalizeName(short).replace(/ /g, "").slice(0, 3).toUpperCase(), country },
    });
    this.byKey.set(key, { id: team.id, country });
    this.created++;
    return team.id;
  }
}
