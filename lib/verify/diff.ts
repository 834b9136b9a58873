import type { Drift } from "./types";

/**
 * The drifts between the stored rows and the rows the derivation left (`after`), matched by key:
 * a row only stored should not exist, a row only derived is missing, and a shared row differs in
 * each of `fields` whose values differ.
 */
export function rowDrifts<R extends object>(
  entity: string,
  stored: R[],
  after: R[],
  key: (r: R) => string,
  fields: ReadonlyArray<keyof R & string>,
): Drift[] {
  const drifts: Drift[] = [];
  const want = new Map(after.map((r) => [key(r), r]));
  const values = (r: R) => Object.fromEntries(fields.map((f) => [f, r[f]]));
  for (const r of stored) {
    const id = key(r);
    const w = want.get(id);
    want.delete(id);
    if (!w) {
      drifts.push({ entity, id, field: "row", stored: values(r), expected: null });
      continue;
    }
    for (const f of fields)
      if (r[f] !== w[f]) drifts.push({ entity, id, field: f, stored: r[f], expected: w[f] });
  }
  for (const [id, w] of want) drifts.push({ entity, id, field: "row", stored: null, expected: values(w) });
  return drifts;
}
