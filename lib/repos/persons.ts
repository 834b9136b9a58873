import { db } from "../db";
import type { Prisma } from "../generated/sqlite/client";

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
 * Every query word must prefix-match one of the person's name tokens. Each word is a range
 * [w, upper(w)) on the (token, personId) primary key, so a search costs what its matches cost,
 * not a scan of all persons. The bound stays inside [0-9a-z], which sorts the same under the C
 * collation and the usual locale collations.
 */
function searchWhere(words: string[]): Prisma.PersonWhereInput {
  return {
    AND: words.map((w) => {
      const upper = prefixUpperBound(w);
      return { nameTokens: { some: { token: upper ? { gte: w, lt: upper } : { gte: w } } } };
    }),
  };
}

export async function listPersons(words: string[], limit: number, offset: number) {
  const where = words.length ? searchWhere(words) : {};
  // Ordered by id: stable, so the offset loop visits every row exactly once.
  const [items, total] = await Promise.all([
    limit > 0 ? db.person.findMany({ where, select: personSelect, orderBy: { id: "asc" }, take: limit, skip: offset }) : [],
    db.person.count({ where }),
  ]);
  return { items, total };
}

export function getPerson(id: number) {
  return db.person.findUnique({ where: { id }, select: personSelect });
}

export type PersonRow = NonNullable<Awaited<ReturnType<typeof getPerson>>>;

export async function personExists(id: number): Promise<boolean> {
  return (await db.person.count({ where: { id } })) > 0;
}
