/**
 * Club identity across sources, without the database: normalisation of a club name to a key and
 * the maintained alias table (lib/importers/aliases/football.json, a data file).
 * "Bayern Munich" (football-data.co.uk) and "FC Bayern München" (openfootball) share one key.
 */
import table from "./aliases/football.json";
import { normalizeName } from "../sports/normalize";

// Club-type affixes sources add or drop ("Liverpool FC" vs "Liverpool", "VfB Stuttgart" vs "Stuttgart").
const AFFIXES = new Set(
  (
    "fc afc cf ac sc as ss ssc us acf cfc bc fk sk sv tsg vfb vfl fsv rc rcd cd ud sd ca cr ec se fbpa " +
    "kv osc bsc gnk club calcio sad hsc sco"
  ).split(" "),
);
// Common abbreviations, expanded before comparing.
const EXPAND: Record<string, string> = { bor: "borussia", utd: "united", ath: "athletic", sp: "sporting" };

/**
 * Numbers a club's name carries as a founding year ("Mainz 05", "Hoffenheim 1899", "Brestois 29")
 * or a leading ordinal ("1. FC Köln"): dropped, sources differ on them. A single digit after the
 * name ("Alder 3", a reserve or numbered side) tells two teams apart and is kept; every number
 * in the shared football files (football-data, openfootball, international) is of the first kind.
 */
const yearLike = (w: string, i: number, words: string[]) =>
  /^\d+$/.test(w) && (w.length > 1 || i < words.length - 1 || i === 0);

/** Lower-case, accent-free, affixes and year numbers dropped: "1. FSV Mainz 05" -> "mainz". */
export function baseKey(name: string): string {
  const words = normalizeName(name)
    .split(" ")
    .filter(Boolean)
    .map((w) => EXPAND[w] ?? w);
  const kept = words.filter((w, i) => !AFFIXES.has(w) && !yearLike(w, i, words));
  return (kept.length ? kept : words).join(" ");
}

interface Entry {
  canonical: string;
  country: string;
}

type Table = Record<string, Record<string, string[]> | string>;

/** key -> entries; a key used in two countries is resolved by the importing competition's country. */
const INDEX = new Map<string, Entry[]>();
for (const [country, clubs] of Object.entries(table as Table)) {
  if (typeof clubs === "string") continue;
  for (const [canonical, variants] of Object.entries(clubs)) {
    for (const spelling of [canonical, ...variants]) {
      const key = baseKey(spelling);
      const list = INDEX.get(key) ?? [];
      if (!list.some((e) => e.canonical === canonical)) list.push({ canonical, country });
      INDEX.set(key, list);
    }
  }
}

function entryFor(name: string, country: string | null): Entry | undefined {
  const list = INDEX.get(baseKey(name));
  if (!list) return undefined;
  return list.find((e) => e.country === country) ?? (list.length === 1 ? list[0] : undefined);
}

/** The club's identity: the canonical name's key when the alias table knows it, else the name's own. */
export function teamKey(name: string, country: string | null = null): string {
  const entry = entryFor(name, country);
  return entry ? baseKey(entry.canonical) : baseKey(name);
}

/** The name a new team gets: the alias table's canonical spelling, else the source's. */
export function canonicalName(name: string, country: string | null = null): string {
  return entryFor(name, country)?.canonical ?? name;
}

/** Sørensen-Dice over character bigrams of the keys, plus a bonus when one key contains the other. */
export function similarity(a: string, b: string): number {
  const x = baseKey(a).replace(/ /g, "");
  const y = baseKey(b).replace(/ /g, "");
  if (!x || !y) return 0;
  if (x === y) return 1;
  const grams = (s: string) => {
    const m = new Map<string, number>();
    for (let i = 0; i < s.length - 1; i++) m.set(s.slice(i, i + 2), (m.get(s.slice(i, i + 2)) ?? 0) + 1);
    return m;
  };
  const [gx, gy] = [grams(x), grams(y)];
  let common = 0;
  for (const [g, n] of gx) common += Math.min(n, gy.get(g) ?? 0);
  const dice = (2 * common) / Math.max(1, x.length - 1 + y.length - 1);
  return Math.min(1, dice + (x.includes(y) || y.includes(x) ? 0.3 : 0));
}

/** Up to three names from `candidates` that look like `name`, best first. */
export function suggest(name: string, candidates: string[], threshold = 0.35): string[] {
  return candidates
    .map((c) => ({ c, s: similarity(name, c) }))
    .filter((x) => x.s >= threshold)
    .sort((p, q) => q.s - p.s || p.c.localeCompare(q.c))
    .slice(0, 3)
    .map((x) => x.c);
}
