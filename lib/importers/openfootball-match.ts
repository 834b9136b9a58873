/**
 * One openfootball match's score detail and goal list. Two layouts exist: `score: { ht, ft, et, p }`
 * (football.json today) and flat `score1`/`score2` with `score1i` (half time), `score1et` and
 * `score1p` (the older rounds layout). Goals are `goals1`/`goals2`:
 * `{ name, minute, offset?, penalty?, owngoal? }`, listed under the side they count for (an own
 * goal sits in the list of the team credited with it).
 */
import type { GoalRecord } from "./types";

type Pair = [number, number] | null;

function pair(v: unknown, what: string): Pair {
  if (v === undefined || v === null) return null;
  if (!Array.isArray(v) || v.length !== 2 || !v.every((n) => Number.isInteger(n) && n >= 0)) {
    throw new Error(`score.${what} must be two non-negative integers, got ${JSON.stringify(v)}`);
  }
  return [v[0], v[1]];
}

function flat(o: Record<string, unknown>, suffix: string): Pair {
  const [a, b] = [o[`score1${suffix}`], o[`score2${suffix}`]];
  if ((a === undefined || a === null) && (b === undefined || b === null)) return null;
  return pair([a, b], `score1${suffix}/score2${suffix}`);
}

export function scoreOf(o: Record<string, unknown>): { ft: Pair; ht: Pair; et: Pair; p: Pair } {
  if (o.score === undefined && ("score1" in o || "score2" in o))
    return { ft: flat(o, ""), ht: flat(o, "i"), et: flat(o, "et"), p: flat(o, "p") };
  const score = (o.score ?? {}) as Record<string, unknown>;
  if (typeof score !== "object" || Array.isArray(score)) throw new Error("score must be an object");
  return {
    ft: pair(score.ft, "ft"),
    ht: pair(score.ht, "ht"),
    et: pair(score.et, "et"),
    p: pair(score.p, "p"),
  };
}

const count = (v: unknown) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v);

/** goals1 and goals2 as GoalRecords; a malformed goal fails the match with the list and index. */
export function parseGoals(o: Record<string, unknown>): GoalRecord[] {
  const out: GoalRecord[] = [];
  for (const side of [0, 1] as const) {
    const field = `goals${side + 1}`;
    const list = o[field];
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list)) throw new Error(`${field} must be a list`);
    list.forEach((g: unknown, i) => {
      const goal = (g ?? {}) as Record<string, unknown>;
      const [minute, offset] = [count(goal.minute), count(goal.offset ?? null)];
      if (typeof goal.name !== "string" || !goal.name.trim())
        throw new Error(`${field}[${i}].name is missing`);
      if (!Number.isInteger(minute) || (minute as number) < 0)
        throw new Error(`${field}[${i}].minute must be a whole number, got ${JSON.stringify(goal.minute)}`);
      if (offset !== null && (!Number.isInteger(offset) || (offset as number) < 0))
        throw new Error(`${field}[${i}].offset must be a whole number, got ${JSON.stringify(goal.offset)}`);
      out.push({
        side,
        name: goal.name.trim(),
        minute: minute as number,
        addedTime: (offset as number | null) || null,
        penalty: goal.penalty === true,
        ownGoal: goal.owngoal === true,
      });
    });
  }
  return out;
}
