/**
 * The write side's defect classes, each re-introduced by an edit of the source (applied by
 * preload.cjs in the server process; `MUTANT_ON` is true while that mutant is switched on). The
 * mutants test (tests/ingest/mutants.test.ts) asserts the ingest model test finds every one.
 */
import fs from "node:fs";
import path from "node:path";

export interface Edit {
  file: string;
  find: string;
  replace: string;
}

export interface Mutant {
  id: string;
  what: string;
  edits: Edit[];
  /** More of the operations that reach it, so a small budget finds it (tests/support/ingest-model/run.ts). */
  weights?: Partial<Record<"bad" | "contest" | "event" | "state", number>>;
  /** Sequences and pairs instead of the test's default budget. */
  budget?: { runs: number; pairs: number };
}

export const MUTANTS: Mutant[] = [
  {
    id: "client-time",
    what: "a contest.event change stamped with the feed's feed_at, and the prune deleting by that time",
    edits: [
      {
        file: "lib/sports/match-events.ts",
        find: "      data: eventData(e),\n    }));",
        replace: "      data: eventData(e),\n      ...(MUTANT_ON ? { at: e.updatedAt } : {}),\n    }));",
      },
      {
        file: "lib/events/changes.ts",
        find: "      at,\n      type: c.type,",
        replace: "      at: MUTANT_ON ? ((c as { at?: Date }).at ?? at) : at,\n      type: c.type,",
      },
      {
        file: "lib/events/store.ts",
        find: "deleteMany({ where: { id: { lte: last.id } } })",
        replace: "deleteMany({ where: MUTANT_ON ? { at: { lt: before } } : { id: { lte: last.id } } })",
      },
    ],
  },
  {
    id: "future-feed-at",
    what: "a feed_at far in the future accepted",
    weights: { bad: 12 },
    edits: [
      {
        file: "lib/ingest/schemas.ts",
        find: "if (at.getTime() > Date.now() + skew * 1000) {",
        replace: "if (!MUTANT_ON && at.getTime() > Date.now() + skew * 1000) {",
      },
    ],
  },
  {
    id: "full-time-kept",
    what: "a corrected score of a finished contest leaves score.full_time as it was",
    // Only a correction that sends no periods.full_time reaches it: a longer budget.
    weights: { state: 8, contest: 5 },
    budget: { runs: 6, pairs: 150 },
    edits: [
      {
        file: "lib/ingest/derive.ts",
        find: "      h.fullTimeScore = h.score;\n      a.fullTimeScore = a.score;",
        replace:
          "      if (!MUTANT_ON || h.fullTimeScore == null || a.fullTimeScore == null) {\n        h.fullTimeScore = h.score;\n        a.fullTimeScore = a.score;\n      }",
      },
    ],
  },
  {
    id: "standings-kept",
    what: "a corrected result of a finished contest leaves the standings and season stats as they were",
    edits: [
      {
        file: "lib/ingest/contests.ts",
        find: '    to === "finished" && (await rederive(',
        replace: '    to === "finished" && (!MUTANT_ON || from !== "finished") && (await rederive(',
      },
    ],
  },
  {
    id: "event-in-two-contests",
    what: "one source's event id accepted in a second contest (was a 500)",
    weights: { bad: 12, event: 10, contest: 6 },
    edits: [
      {
        file: "lib/ingest/match.ts",
        find: "  if (stored && stored.contestId !== contest.id)",
        replace: "  if (!MUTANT_ON && stored && stored.contestId !== contest.id)",
      },
    ],
  },
  {
    id: "lineup-person-twice",
    what: "one person twice in a lineup accepted (was a 500)",
    weights: { bad: 12 },
    edits: [
      {
        file: "lib/ingest/match.ts",
        find: "    if (first !== undefined)",
        replace: "    if (!MUTANT_ON && first !== undefined)",
      },
    ],
  },
  {
    id: "statline-any-id",
    what: "a non-numeric contest id under the reserved statline source taken as a feed's own (was a 500 on a re-send)",
    weights: { bad: 12 },
    edits: [
      {
        file: "lib/ingest/contests.ts",
        find: "  if (!mapped && source === STATLINE_SOURCE) {",
        replace: "  if (!MUTANT_ON && !mapped && source === STATLINE_SOURCE) {",
      },
    ],
  },
  {
    id: "ignored-without-state",
    what: "an ignored (older) write answered without the stored state (status; the event's id)",
    edits: [
      {
        file: "lib/ingest/contests.ts",
        find: "      created: false,\n      status: c.status,\n    });",
        replace: "      created: false,\n      ...(MUTANT_ON ? {} : { status: c.status }),\n    });",
      },
      {
        file: "lib/ingest/match.ts",
        find: "      id: stored ? String(stored.id) : null,",
        replace: "      id: MUTANT_ON ? null : stored ? String(stored.id) : null,",
      },
    ],
  },
  {
    id: "rename-unchanged",
    what: "a team PUT with a newer feed_at and a new name answered changed: false, the old name kept",
    edits: [
      {
        file: "lib/ingest/identity.ts",
        find: "  if (name === row.name && country === row.country) return false;",
        replace: "  if (MUTANT_ON || (name === row.name && country === row.country)) return false;",
      },
    ],
  },
  {
    id: "join-reported-created",
    what: "a new id joined to an existing row answered 201 created: true",
    edits: [
      {
        file: "lib/ingest/entities.ts",
        find: "  const r = await resolve(tx);",
        replace:
          "  const found = await resolve(tx);\n  const r = MUTANT_ON ? { ...found, created: true } : found;",
      },
    ],
  },
  {
    id: "person-by-name-alone",
    what: "a new person joined to a namesake on the name alone, answered created: true",
    edits: [
      {
        file: "lib/ingest/identity.ts",
        find: "  if (found) return { ...found, created: false };",
        replace:
          "  if (MUTANT_ON && same.length === 1) return { id: same[0].id, created: true };\n  if (found) return { ...found, created: false };",
      },
    ],
  },
];

/** Where the server's preload finds the plan and the switch; every edit is checked to apply once. */
export function writePlan(dir: string): {
  env: Record<string, string>;
  activate: (id: string | null) => void;
} {
  const plan = MUTANTS.flatMap((m) => m.edits.map((e) => ({ id: m.id, ...e })));
  for (const e of plan) {
    const text = fs.readFileSync(e.file, "utf8");
    if (text.split(e.find).length !== 2) throw new Error(`mutant ${e.id}: its text is not once in ${e.file}`);
  }
  const planFile = path.join(dir, "mutants.json");
  const active = path.join(dir, "active");
  fs.writeFileSync(planFile, JSON.stringify(plan));
  fs.writeFileSync(active, "");
  const preload = path.resolve("tests/support/mutants/preload.cjs");
  return {
    env: {
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --require ${preload}`.trim(),
      STATLINE_MUTANTS_PLAN: planFile,
      STATLINE_MUTANT_ACTIVE: active,
    },
    activate: (id) => fs.writeFileSync(active, id ?? ""),
  };
}
