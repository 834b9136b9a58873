/**
 * Building response JSON straight from database rows (arrays), without an object per row and a
 * JSON.stringify of the whole tree: on a cache miss, the objects, the zod-free reshaping and the
 * stringify were ~15% of the CPU and most of the garbage (bench/, `node --cpu-prof`). The output
 * is what JSON.stringify would write for the same values; tests compare the two.
 */
export const jsonStr = (v: unknown): string => {
  if (v == null) return "null";
  const s = String(v);
  // Most values (codes, names) need no escaping: quoted directly, a third cheaper than stringify.
  return PLAIN.test(s) ? `"${s}"` : JSON.stringify(s);
};
/** No quote, backslash, control character or surrogate: nothing JSON.stringify would escape. */
// eslint-disable-next-line no-control-regex -- control characters are what JSON must escape
const PLAIN = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/;
/** Ids are integers in the database and strings on the wire. */
export const jsonId = (v: unknown): string => (v == null ? "null" : `"${Number(v)}"`);
export const jsonNum = (v: unknown): string => (v == null ? "null" : String(Number(v)));
export const jsonArray = <T>(rows: readonly T[], item: (row: T) => string): string => {
  let out = "[";
  for (let i = 0; i < rows.length; i++) out += (i ? "," : "") + item(rows[i]);
  return `${out}]`;
};
/** Booleans come back as 0/1 from SQLite and true/false from PostgreSQL. */
export const jsonBool = (v: unknown): string => (v === true || v === 1 ? "true" : "false");
