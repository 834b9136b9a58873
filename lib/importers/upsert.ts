/**
 * The one write path for contests of every importer (football files, tennis files): create or
 * update in place, never delete and re-insert, so ids stay stable and a re-import changes nothing.
 * Every created or changed contest is appended to the change feed here (lib/events), in the
 * caller's transaction.
 */
import { recordChanges } from "../events/changes";
import { contestChanges, type ContestState } from "../events/contest-state";
import type { ChangeInput } from "../events/types";
import type { DbOrTx } from "../platform/db/client";
import { competitionIdOf } from "../sports/store/competitions";
import {
  createContestRows,
  createParticipant,
  createParticipants,
  editionContests,
  sideNames,
  updateContestFields,
  updateParticipant,
} from "../sports/store/contests";
import { chunks } from "../platform/util/chunks";
import type { MatchRecord } from "./types";

export interface ContestCounts {
  imported: number;
  updated: number;
  unchanged: number;
}

export interface SideData {
  side: "home" | "away";
  teamId: number | null;
  personId: number | null;
  score: number | null;
  halftimeScore: number | null;
  scoreDetail: string | null;
  outcome: string | null;
  ranking?: number | null;
  rankingPoints?: number | null;
  fullTimeScore?: number | null;
  extraTimeScore?: number | null;
  penaltyScore?: number | null;
}

/** One contest as a source describes it, with its sides already resolved to teams or persons. */
export interface ContestInput {
  r: Pick<MatchRecord, "where" | "stage" | "round" | "roundKnown" | "status" | "kickoffAt" | "timeKnown">;
  venue?: string | null;
  referee?: string | null;
  /** "extra_time" | "penalties" when the source says so. */
  decidedBy?: string | null;
  /** The live clock (lib/sports/clock.ts) when a feed reports it; undefined keeps the stored one. */
  period?: string | null;
  minute?: number | null;
  /** Identity for a new contest; existing ones are also found by sides and kick-off (see below). */
  externalRef: string;
  sides: [SideData, SideData];
}

/** Sources that disagree on the time zone or the calendar day still meet within this window. */
const SAME_CONTEST_MS = 36 * 3600_000;
/**
 * Sources disagree by minutes on real kick-offs (Bundesliga 2024/25: Dortmund-Leverkusen 20:30 vs
 * 20:45, a delayed start). Smaller moves keep the stored time, so importing the two sources in
 * any order and again changes nothing; a real rescheduling moves it.
 */
const KICKOFF_TOLERANCE_MS = 2 * 3600_000;

type Existing = Awaited<ReturnType<typeof editionContests>>[number];

const sideKey = (p: { teamId: number | null; personId: number | null }) =>
  p.teamId != null ? `t${p.teamId}` : `p${p.personId}`;
const pairKey = (sides: Array<{ side: string; teamId: number | null; personId: number | null }>) =>
  ["home", "away"]
    .map((s) => sideKey(sides.find((p) => p.side === s) ?? { teamId: null, personId: null }))
    .join("|");

const reversedKey = (sides: Array<{ side: string; teamId: number | null; personId: number | null }>) =>
  pairKey(sides.map((p) => ({ ...p, side: p.side === "home" ? "away" : "home" })));

/** The stored contest this input is: same identity, else same sides within SAME_CONTEST_MS. */
function matcher(existing: Existing[]) {
  const byRef = new Map(existing.map((c) => [c.externalRef, c]));
  const byPair = new Map<string, Existing[]>();
  for (const c of existing)
    byPair.set(pairKey(c.participants), [...(byPair.get(pairKey(c.participants)) ?? []), c]);
  const taken = new Set<number>();
  return (input: ContestInput): Existing | undefined => {
    const exact = byRef.get(input.externalRef);
    if (exact && !taken.has(exact.id)) {
      taken.add(exact.id);
      return exact;
    }
    const at = input.r.kickoffAt.getTime();
    // Sources disagree on which side was at home at a neutral venue (World Cup 2022: Qatar v
    // Netherlands in one, Netherlands v Qatar in the other): the same pair reversed is the same match.
    const near = [
      ...(byPair.get(pairKey(input.sides)) ?? []),
      ...(byPair.get(reversedKey(input.sides)) ?? []),
    ]
      .filter((c) => !taken.has(c.id) && Math.abs(c.kickoffAt.getTime() - at) <= SAME_CONTEST_MS)
      .sort((p, q) => Math.abs(p.kickoffAt.getTime() - at) - Math.abs(q.kickoffAt.getTime() - at))[0];
    if (near) taken.add(near.id);
    return near;
  };
}

const PARTICIPANT_FIELDS = [
  "score",
  "halftimeScore",
  "scoreDetail",
  "outcome",
  "ranking",
  "rankingPoints",
  "fullTimeScore",
  "extraTimeScore",
  "penaltyScore",
] as const;

/** Creates or updates one contest per input; returns input -> contest id and the counts. */
export async function upsertContests(db: DbOrTx, editionId: number, inputs: ContestInput[]) {
  const counts: ContestCounts = { imported: 0, updated: 0, unchanged: 0 };
  const competitionId = await competitionIdOf(db, editionId);
  const changes: ChangeInput[] = [];
  const find = matcher(await editionContests(db, editionId));
  const ids = new Map<ContestInput, number>();
  const fresh: ContestInput[] = [];
  for (const input of inputs) {
    const old = find(input);
    if (!old) {
      fresh.push(input);
      continue;
    }
    ids.set(input, old.id);
    // Matched with its sides reversed: each side keeps its team, the stored orientation stays.
    if (pairKey(old.participants) !== pairKey(input.sides))
      for (const p of input.sides) p.side = p.side === "home" ? "away" : "home";
    const before = stateOf(old, competitionId);
    const changed = await updateContest(db, old, input);
    counts[changed ? "updated" : "unchanged"]++;
    if (changed) changes.push(...contestChanges(before, afterState(before, input)));
  }
  await createContests(db, editionId, fresh, ids);
  for (const f of fresh)
    changes.push(...contestChanges(null, afterState(newState(ids.get(f)!, editionId, competitionId), f)));
  counts.imported = fresh.length;
  await recordChanges(db, await withNames(db, changes));
  return { ids, counts };
}

const stateOf = (c: Existing, competitionId: number): ContestState => ({ ...c, competitionId });

/** Each contest change's sides with their team's or person's name, as GET /v1/contests/{id} gives them. */
async function withNames(db: DbOrTx, changes: ChangeInput[]): Promise<ChangeInput[]> {
  type Side = { team_id: string | null; person_id: string | null; name: string };
  const sides = changes.flatMap((c) => (c.data.participants as Side[] | undefined) ?? []);
  if (!sides.length) return changes;
  const ids = (k: "team_id" | "person_id") => [
    ...new Set(sides.flatMap((p) => (p[k] ? [Number(p[k])] : []))),
  ];
  const names = await sideNames(db, ids("team_id"), ids("person_id"));
  for (const p of sides)
    p.name = (p.team_id ? names.teams.get(Number(p.team_id)) : names.persons.get(Number(p.person_id))) ?? "";
  return changes;
}
const newState = (id: number, editionId: number, competitionId: number): ContestState => ({
  id,
  editionId,
  competitionId,
  round: "",
  stage: "",
  status: "",
  kickoffAt: new Date(0),
  venue: null,
  participants: [],
});

/** The state updateContest/createContests wrote (the same rules: unknown round, time, venue keep the old). */
function afterState(before: ContestState, input: ContestInput): ContestState {
  const { r } = input;
  const isNew = before.status === "";
  const moved = Math.abs(r.kickoffAt.getTime() - before.kickoffAt.getTime()) >= KICKOFF_TOLERANCE_MS;
  return {
    ...before,
    stage: r.stage,
    status: r.status,
    kickoffAt: isNew || (r.timeKnown && moved) ? r.kickoffAt : before.kickoffAt,
    round: isNew || r.roundKnown ? r.round : before.round,
    venue: isNew ? (input.venue ?? null) : input.venue || before.venue,
    referee: input.referee || before.referee,
    decidedBy: input.decidedBy || before.decidedBy,
    period: input.period !== undefined ? input.period : (before.period ?? null),
    minute: input.minute !== undefined ? input.minute : (before.minute ?? null),
    participants: input.sides.map((p) => ({ ...p })),
  };
}

async function updateContest(db: DbOrTx, old: Existing, input: ContestInput): Promise<boolean> {
  const { r } = input;
  let changed = false;
  // A source without a kick-off time (or without rounds) leaves the stored one alone.
  const moved = Math.abs(r.kickoffAt.getTime() - old.kickoffAt.getTime()) >= KICKOFF_TOLERANCE_MS;
  const kickoffAt = r.timeKnown && moved ? r.kickoffAt : old.kickoffAt;
  const data = {
    stage: r.stage,
    status: r.status,
    kickoffAt,
    ...(r.roundKnown ? { round: r.round } : {}),
    ...(input.venue ? { venue: input.venue } : {}),
    // A source that does not name the referee or the decider (football-data has no shoot-outs) keeps them.
    ...(input.referee ? { referee: input.referee } : {}),
    ...(input.decidedBy ? { decidedBy: input.decidedBy } : {}),
    ...(input.period !== undefined ? { period: input.period } : {}),
    ...(input.minute !== undefined ? { minute: input.minute } : {}),
  };
  if (
    (input.referee && old.referee !== input.referee) ||
    (input.decidedBy && old.decidedBy !== input.decidedBy) ||
    old.stage !== data.stage ||
    old.status !== data.status ||
    old.kickoffAt.getTime() !== kickoffAt.getTime() ||
    (r.roundKnown && old.round !== r.round) ||
    (input.venue && old.venue !== input.venue) ||
    (input.period !== undefined && old.period !== input.period) ||
    (input.minute !== undefined && old.minute !== input.minute)
  ) {
    await updateContestFields(db, old.id, data);
    changed = true;
  }
  for (const want of input.sides) {
    const have = old.participants.find((p) => p.side === want.side);
    if (!have) {
      await createParticipant(db, { contestId: old.id, ...want });
      changed = true;
      continue;
    }
    // A source that does not know a detail (half-time score, extra-time note, ranking) keeps the stored one.
    if (r.status === "finished") {
      want.halftimeScore ??= have.halftimeScore;
      want.scoreDetail ??= have.scoreDetail;
      want.fullTimeScore ??= have.fullTimeScore;
      want.extraTimeScore ??= have.extraTimeScore;
      want.penaltyScore ??= have.penaltyScore;
    }
    want.ranking ??= have.ranking;
    want.rankingPoints ??= have.rankingPoints;
    if (PARTICIPANT_FIELDS.some((f) => have[f] !== want[f])) {
      await updateParticipant(
        db,
        have.id,
        Object.fromEntries(PARTICIPANT_FIELDS.map((f) => [f, want[f] ?? null])),
      );
      changed = true;
    }
  }
  return changed;
}

/** New contests in bulk: createMany, read the ids back by externalRef, then the participants. */
async function createContests(
  db: DbOrTx,
  editionId: number,
  fresh: ContestInput[],
  ids: Map<ContestInput, number>,
) {
  for (const batch of chunks(fresh, 500)) {
    const idOf = await createContestRows(
      db,
      batch.map(({ r, externalRef, venue, referee, decidedBy, period, minute }) => ({
        editionId,
        round: r.round,
        stage: r.stage,
        status: r.status,
        kickoffAt: r.kickoffAt,
        venue: venue ?? null,
        referee: referee ?? null,
        decidedBy: decidedBy ?? null,
        period: period ?? null,
        minute: minute ?? null,
        externalRef,
      })),
    );
    for (const f of batch) ids.set(f, idOf.get(f.externalRef)!);
    await createParticipants(
      db,
      batch.flatMap((f) =>
        f.sides.map((p) => ({
          ...p,
          ranking: p.ranking ?? null,
          rankingPoints: p.rankingPoints ?? null,
          fullTimeScore: p.fullTimeScore ?? null,
          extraTimeScore: p.extraTimeScore ?? null,
          penaltyScore: p.penaltyScore ?? null,
          contestId: idOf.get(f.externalRef)!,
        })),
      ),
    );
  }
}
