// Cost of writing response JSON from rows: the writer compiled from the response schema
// (lib/api/serialize.ts) against a hand-written template of the same bytes (the form every endpoint
// used before) and JSON.stringify of objects built per row, in process, alternating rounds.
// Run: npx tsx bench/serialize-microbench.ts
import { personJson } from "../lib/api/endpoints/persons";
import { teamJson } from "../lib/api/endpoints/teams";
import { jsonArray, jsonBool, jsonId, jsonNum, jsonStr } from "../lib/api/json";
import type { PersonTuple } from "../lib/sports/store/persons";
import type { TeamTuple } from "../lib/sports/store/teams";

const teams: TeamTuple[] = Array.from({ length: 200 }, (_, i) => [
  i + 1,
  `Team ${i} Athletic`,
  `T${i}`,
  "TMA",
  i % 3 ? "England" : null,
  1880 + i,
  i % 2 ? `Stadium ${i}` : null,
  i % 5 === 0,
]);
const persons: PersonTuple[] = Array.from({ length: 200 }, (_, i) => [
  i + 1,
  `Kylian Mbappé ${i}`,
  "Kylian",
  `Mbappé ${i}`,
  "France",
  "1998-12-20",
  i % 4 ? "Forward" : null,
  "football",
  0,
]);

const handTeam = (t: TeamTuple): string =>
  `{"id":${jsonId(t[0])},"name":${jsonStr(t[1])},"short_name":${jsonStr(t[2])},"code":${jsonStr(t[3])},` +
  `"country":${jsonStr(t[4])},"founded":${jsonNum(t[5])},"venue":${jsonStr(t[6])},"demo":${jsonBool(t[7])}}`;
const handPerson = (p: PersonTuple): string =>
  `{"id":${jsonId(p[0])},"name":${jsonStr(p[1])},"first_name":${jsonStr(p[2])},"last_name":${jsonStr(p[3])},` +
  `"nationality":${jsonStr(p[4])},"birth_date":${jsonStr(p[5])},"position":${jsonStr(p[6])},"sport":${jsonStr(p[7])},"demo":${jsonBool(p[8])}}`;
const objTeam = (t: TeamTuple) =>
  JSON.stringify({
    id: String(t[0]),
    name: t[1],
    short_name: t[2],
    code: t[3],
    country: t[4],
    founded: t[5],
    venue: t[6],
    demo: Boolean(t[7]),
  });

function time(write: () => string, iterations: number): number {
  let bytes = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) bytes += write().length;
  if (bytes === 0) throw new Error("nothing written");
  return Number(process.hrtime.bigint() - start) / iterations / 1000;
}

const cases: [string, () => string][] = [
  ["teams page (200) compiled", () => jsonArray(teams, teamJson)],
  ["teams page (200) hand-written", () => jsonArray(teams, handTeam)],
  ["teams page (200) objects + stringify", () => `[${teams.map(objTeam).join(",")}]`],
  ["persons page (200) compiled", () => jsonArray(persons, personJson)],
  ["persons page (200) hand-written", () => jsonArray(persons, handPerson)],
];
if (jsonArray(teams, teamJson) !== jsonArray(teams, handTeam)) throw new Error("teams: bytes differ");
if (jsonArray(persons, personJson) !== jsonArray(persons, handPerson))
  throw new Error("persons: bytes differ");
for (const [, w] of cases) time(w, 2000); // warm-up
const totals = new Map<string, number[]>();
for (let round = 0; round < 5; round++)
  for (const [name, w] of cases) totals.set(name, [...(totals.get(name) ?? []), time(w, 3000)]);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [name, xs] of totals)
  console.log(`${name.padEnd(40)} ${median(xs).toFixed(1)} µs per page (median of 5)`);
for (const what of ["teams", "persons"]) {
  const c = median(totals.get(`${what} page (200) compiled`)!);
  const h = median(totals.get(`${what} page (200) hand-written`)!);
  console.log(`${what}: compiled / hand-written = ${(c / h).toFixed(3)}`);
}
