/**
 * Contests by the feed's identifiers and their live state (status, score, periods), written
 * through the importers' one contest write path (upsertContests), so the change feed gets the
 * same contest.created/status/score/updated changes an import makes, in the same transaction.
 */
import { z } from "zod";
import { ApiError } from "../platform/errors";
import type { Tx } from "../platform/db";
import { resolveEdition } from "../importers/competition";
import { upsertContests, type ContestInput, type SideData } from "../importers/upsert";
import { PERIODS } from "../sports/clock";
import { rebuildStandings } from "../sports/standings";
import { editionById } from "../sports/store/competitions";
import { contestWithSides } from "../sports/store/contests";
import { derivedResult, rederive } from "./derive";
import {
  bind,
  ignoredAnswer,
  isStale,
  lookup,
  resolveRef,
  STATLINE_SOURCE,
  statlineContestId,
} from "./mapping";
import { externalId, feedAt } from "./schemas";
import type { IngestResult } from "./types";

export const STATUSES = ["scheduled", "live", "finished", "postponed", "cancelled"] as const;
export type Status = (typeof STATUSES)[number];

/** Where a status may go next; staying is always allowed (a repeated update). */
export const TRANSITIONS: Record<Status, readonly Status[]> = {
  scheduled: ["live", "postponed", "cancelled", "finished"],
  live: ["finished", "postponed", "cancelled"],
  postponed: ["scheduled", "live", "cancelled"],
  finished: [],
  cancelled: [],
};

const side = z
  .strictObject({ team: externalId.optional(), person: externalId.optional() })
  .refine((s) => (s.team === undefined) !== (s.person === undefined), "give exactly one of team or person");

export const ContestBody = z.strictObject({
  edition: externalId.describe("The edition's external id (same source)"),
  home: side,
  away: side,
  kickoff_at: z.iso.datetime({ offset: true, error: "must be an ISO-8601 date-time with a zone" }),
  round: z.string().trim().max(80).default(""),
  stage: z.string().trim().max(80).default("Regular Season"),
  venue: z.string().trim().max(120).nullable().optional(),
  feed_at: feedAt,
});

const pair = z.strictObject({
  home: z.number().int().min(0).max(999),
  away: z.number().int().min(0).max(999),
});

export const StateBody = z.strictObject({
  status: z.enum(STATUSES).optional(),
  score: pair.optional().describe("The current score"),
  periods: z
    .strictObject({
      halftime: pair.optional(),
      full_time: pair.optional().describe("After regulation time (football)"),
      extra_time: pair.optional(),
      penalties: pair.optional().describe("The shoot-out"),
    })
    .optional(),
  score_detail: z
    .strictObject({ home: z.string().trim().max(60), away: z.string().trim().max(60) })
    .optional()
    .describe("Free detail per side, e.g. a tennis match's games '6-4 7-5'"),
  period: z
    .enum(PERIODS, { error: `must be one of ${PERIODS.join(", ")}` })
    .optional()
    .describe("The live clock's period; a new period is a contest.status change"),
  minute: z.number().int().min(0).max(300).optional().describe("Elapsed minute of play"),
  feed_at: feedAt,
});

type Loaded = NonNullable<Awaited<ReturnType<typeof contestWithSides>>>;

/** The contest's stored state as an import input, ready to be patched and written back. */
function inputOf(c: Loaded): ContestInput {
  const sides = (["home", "away"] as const).map((s): SideData => {
    const p = c.participants.find((x) => x.side === s);
    return {
      side: s,
      teamId: p?.teamId ?? null,
      personId: p?.personId ?? null,
      score: p?.score ?? null,
      halftimeScore: p?.halftimeScore ?? null,
      scoreDetail: p?.scoreDetail ?? null,
      outcome: p?.outcome ?? null,
      fullTimeScore: p?.fullTimeScore ?? null,
      extraTimeScore: p?.extraTimeScore ?? null,
      penaltyScore: p?.penaltyScore ?? null,
    };
  }) as [SideData, SideData];
  return {
    r: {
      where: `ingest contest ${c.id}`,
      stage: c.stage,
      round: c.round,
      roundKnown: true,
      status: c.status as Status,
      kickoffAt: c.kickoffAt,
      timeKnown: true,
    },
    venue: c.venue,
    externalRef: c.externalRef,
    sides,
  };
}

export async function upsertContest(
  tx: Tx,
  source: string,
  ext: string,
  b: z.output<typeof ContestBody>,
): Promise<IngestResult> {
  const mapped = await lookup(tx, source, "contest", ext);
  if (!mapped && source === STATLINE_SOURCE) {
    // The reserved source names Statline's own contests: it updates one, it never creates one.
    if (!statlineContestId(ext))
      throw new ApiError(
        "INVALID_PARAMETER",
        `Invalid parameter 'external_id': the reserved source '${STATLINE_SOURCE}' names Statline's own contest ids (digits, e.g. 412); use your feed's own source name to create contests`,
      );
    throw contestNotFound(source, ext);
  }
  if (isStale(mapped, b.feed_at))
    return ignoredAnswer(mapped, b.feed_at, "contest", { id: mapped.targetId, created: false });
  const editionId = await resolveRef(tx, source, "edition", b.edition, "/edition");
  const ref = async (s: z.output<typeof side>, field: string) =>
    s.team !== undefined
      ? { teamId: await resolveRef(tx, source, "team", s.team, `${field}/team`), personId: null }
      : { teamId: null, personId: await resolveRef(tx, source, "person", s.person!, `${field}/person`) };
  const [home, away] = [await ref(b.home, "/home"), await ref(b.away, "/away")];
  const kickoffAt = new Date(b.kickoff_at);
  const existing = mapped ? await contestWithSides(tx, Number(mapped.targetId)) : null;
  const edition = await editionById(tx, editionId);
  await resolveEdition(tx, edition.competitionId, edition.name, [{ kickoffAt }]);
  const input: ContestInput = existing
    ? inputOf(existing)
    : {
        r: {
          where: "",
          stage: "",
          round: "",
          roundKnown: true,
          status: "scheduled",
          kickoffAt,
          timeKnown: true,
        },
        externalRef: `ingest:${source}:${ext}`,
        sides: [
          { side: "home", ...home, score: null, halftimeScore: null, scoreDetail: null, outcome: null },
          { side: "away", ...away, score: null, halftimeScore: null, scoreDetail: null, outcome: null },
        ],
      };
  if (existing && existing.editionId !== editionId)
    throw new ApiError("CONFLICT", "A contest cannot move to another edition");
  input.r = { ...input.r, where: `ingest ${source}/${ext}`, stage: b.stage, round: b.round, kickoffAt };
  input.venue = b.venue ?? input.venue ?? null;
  input.sides = [
    { ...input.sides[0], ...home },
    { ...input.sides[1], ...away },
  ];
  const { ids, counts } = await upsertContests(tx, editionId, [input]);
  const id = ids.get(input)!;
  await bind(tx, source, "contest", ext, id, b.feed_at);
  const derived =
    counts.updated > 0 &&
    existing?.status === "finished" &&
    (await rederive(tx, { id, editionId, sides: input.sides }));
  const changed = counts.imported + counts.updated > 0 || derived;
  // The table lists every team of its stage's fixtures and orders form by kick-off.
  if (counts.imported + counts.updated > 0) await rebuildStandings(tx, editionId);
  const matched =
    mapped || counts.imported
      ? {}
      : { matched: { id: String(id), rule: "edition, sides and kick-off within 36 h" } };
  return {
    status: counts.imported ? 201 : 200,
    data: { id: String(id), created: counts.imported > 0, changed, ignored: false, ...matched },
    changed,
  };
}

export async function updateState(
  tx: Tx,
  source: string,
  ext: string,
  b: z.output<typeof StateBody>,
): Promise<IngestResult> {
  const id = await resolveContest(tx, source, ext);
  const gate = await lookup(tx, source, "contest_state", ext);
  const c = (await contestWithSides(tx, id))!;
  if (isStale(gate, b.feed_at))
    return ignoredAnswer(gate, b.feed_at, "contest's state", {
      id: String(id),
      created: false,
      status: c.status,
    });
  const from = c.status as Status;
  const to = b.status ?? from;
  if (to !== from && !TRANSITIONS[from]?.includes(to))
    throw new ApiError("CONFLICT", `Contest status cannot go from ${from} to ${to}`);
  const input = inputOf(c);
  input.r.status = to;
  // The clock: as reported; the final whistle ends it when the feed does not say so.
  input.period = b.period ?? (to === "finished" && from !== "finished" ? "finished" : undefined);
  input.minute = b.minute;
  const set = (i: 0 | 1, key: keyof SideData, p: { home: number; away: number } | undefined) => {
    if (p) Object.assign(input.sides[i], { [key]: i === 0 ? p.home : p.away });
  };
  for (const i of [0, 1] as const) {
    set(i, "score", b.score);
    set(i, "halftimeScore", b.periods?.halftime);
    set(i, "fullTimeScore", b.periods?.full_time);
    set(i, "extraTimeScore", b.periods?.extra_time);
    set(i, "penaltyScore", b.periods?.penalties);
    if (b.score_detail) input.sides[i].scoreDetail = i === 0 ? b.score_detail.home : b.score_detail.away;
  }
  derivedResult(input, { score: b.score, fullTime: b.periods?.full_time, extraTime: b.periods?.extra_time });
  const { counts } = await upsertContests(tx, c.editionId, [input]);
  await bind(tx, source, "contest_state", ext, id, b.feed_at);
  // A final result (a first one, a correction or a re-sent one) moves the table and the season stats.
  const derived =
    to === "finished" && (await rederive(tx, { id, editionId: c.editionId, sides: input.sides }));
  const changed = counts.updated > 0 || derived;
  return { data: { id: String(id), created: false, changed, ignored: false, status: to }, changed };
}

/** The contest a path names, or 404. */
export async function resolveContest(tx: Tx, source: string, ext: string): Promise<number> {
  const mapped = await lookup(tx, source, "contest", ext);
  if (!mapped) throw contestNotFound(source, ext);
  return Number(mapped.targetId);
}

const contestNotFound = (source: string, ext: string) =>
  new ApiError("NOT_FOUND", `Contest '${ext.slice(0, 80)}' of source '${source}' not found`);
