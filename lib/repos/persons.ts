import { db } from "../db";
import { Prisma } from "../generated/sqlite/client";

const personSelect = {
  id: true, name: true, firstName: true, lastName: true, nationality: true, birthDate: true, position: true, sport: true,
} as const;

/** Tokens are [0-9a-z]; the smallest string above every string that starts with `w`, or null. */
export function prefixUpperBound(w: string): string | null {
  const alphabet = "0123456789abcdefghijklmnopqrstuvwxyz";
  for (let i = w.length - 1; i >= 0; i--) {
    const next = alphabet[alphabet.indexOf(w[i]) + 1];
    if (next) return w.slice(0, i) + next;
  }
  return null;
}

/**
 * Ids of the persons matching every word: each word prefix-matches one of the person's name
 * tokens. Each word is a range [w, upper(w)) on the (token, personId) primary key, intersected
 * in SQL, so a search costs what its matches cost. (Prisma's relation filter `some` compiles to a
 * correlated EXISTS that scans every person instead.) The bound stays inside [0-9a-z], which sorts
 * the same under the C collation and the usual locale collations.
 */
function matchingIds(words: string[]): Prisma.Sql {
  const range = (w: string) => {
    const upper = prefixUpperBound(w);
    return upper ? Prisma.sql`token >= ${w} AND token < ${upper}` : Prisma.sql`token >= ${w}`;
  };
  // INTERSECT also drops duplicates (a person with two tokens matching one word); one word needs DISTINCT.
  if (words.length === 1) return Prisma.sql`SELECT DISTINCT "personId" FROM person_name_tokens WHERE ${range(words[0])}`;
  return Prisma.join(words.map((w) => Prisma.sql`SELECT "personId" FROM person_name_tokens WHERE ${range(w)}`), " INTERSECT ");
}

export async function listPersons(words: string[], limit: number, offset: number) {
  if (words.length === 0) {
    // Ordered by id: stable, so the offset loop visits every row exactly once.
    const [items, total] = await Promise.all([
      limit > 0 ? db.person.findMany({ select: personSelect, orderBy: { id: "asc" }, take: limit, skip: offset }) : [],
      db.person.count(),
    ]);
    return { items, total };
  }
  // One query for the page and the total (a window count over all matches); a second only when
  // the page is past the end, where no row carries the total.
  const ids = matchingIds(words);
  const page = await db.$queryRaw<{ id: number | bigint; total: number | bigint }[]>`
    SELECT m."personId" AS id, count(*) OVER () AS total FROM (${ids}) AS m ORDER BY 1 LIMIT ${Math.max(limit, 1)} OFFSET ${offset}`;
  let total = Number(page[0]?.total ?? 0);
  if (page.length === 0 && offset > 0) {
    total = Number((await db.$queryRaw<{ n: number | bigint }[]>`SELECT count(*) AS n FROM (${ids}) AS m`)[0]?.n ?? 0);
  }
  const pageIds = limit > 0 ? page.map((r) => Number(r.id)) : [];
  const items = pageIds.length ? await db.person.findMany({ where: { id: { in: pageIds } }, select: personSelect, orderBy: { id: "asc" } }) : [];
  return { items, total };
}

export function getPerson(id: number) {
  return db.person.findUnique({ where: { id }, select: personSelect });
}

export type PersonRow = NonNullable<Awaited<ReturnType<typeof getPerson>>>;

export async function personExists(id: number): Promise<boolean> {
  return (await db.person.count({ where: { id } })) > 0;
}
