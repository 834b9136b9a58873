import { nameTokens, normalizeName } from "../sports/normalize";
import type { Rng } from "./rng";
import type { RowSink } from "./tables";

export interface NewPerson {
  first: string;
  last: string;
  nationality: string;
  position: string | null;
  sport: string;
  externalRef: string;
}

/** Writes a person with its normalised name and search tokens; returns the new id. */
export function addPerson(rng: Rng, sink: RowSink, p: NewPerson, birthYears: [number, number]): number {
  const id = sink.id("persons");
  const name = `${p.first} ${p.last}`;
  const birth = Date.UTC(rng.int(birthYears[0], birthYears[1]), rng.int(0, 11), rng.int(1, 28));
  sink.add("persons", {
    id,
    name,
    nameNormalized: normalizeName(name),
    firstName: p.first,
    lastName: p.last,
    nationality: p.nationality,
    birthDate: new Date(birth),
    position: p.position,
    sport: p.sport,
    externalRef: p.externalRef,
    demo: true,
  });
  for (const token of nameTokens(name)) sink.add("person_name_tokens", { token, personId: id });
  return id;
}

export function roman(n: number): string {
  const table: Array<[number, string]> = [
    [10, "X"],
    [9, "IX"],
    [5, "V"],
    [4, "IV"],
    [1, "I"],
  ];
  let out = "";
  for (const [v, s] of table) while (n >= v) [out, n] = [out + s, n - v];
  return out;
}
