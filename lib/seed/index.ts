import { bumpDataVersion } from "../events/data-version";
import { db } from "../platform/db";
import { recordChanges } from "../events/changes";
import { databaseUrl } from "../platform/db/config";
import { rebuildEditionStats } from "../sports/store/stats";
import { rebuildStandings } from "../sports/standings";
import { generateLeague } from "./football";
import { openWriter } from "./insert";
import { FEATURED_NAMES, NamePool } from "./names";
import { Rng } from "./rng";
import { competitionCount, editionIds, seedMarkerOf, setSeedMarker } from "./store";
import { RowSink } from "./tables";
import { generateTournament, makeTennisPlayers } from "./tennis";

/** Bump when the generator's output changes, so existing databases are regenerated. */
export const SEED_VERSION = "v2";
export const SEED_STATE_KEY = "seed";
const ROOT_SEED = 20_261_121;

export interface SeedOptions {
  scale: number;
  quiet?: boolean;
}

/** How much of everything a scale produces; persons, contests and odds grow linearly with it. */
export function planFor(scale: number) {
  return {
    leagues: Math.max(1, Math.round(4 * scale)),
    tournaments: Math.max(1, Math.round(4 * scale)),
    tennisPlayers: Math.max(64, Math.round(256 * scale)),
    drawSize: 64,
  };
}

export const seedMarker = (scale: number) => `${SEED_VERSION}:scale=${scale}`;

async function generate(sink: RowSink, scale: number, log: (m: string) => void): Promise<void> {
  const plan = planFor(scale);
  const rng = new Rng(ROOT_SEED);
  const shared = { teamNames: new Set<string>(), featured: [...FEATURED_NAMES], names: new NamePool() };
  for (let i = 0; i < plan.leagues; i++) {
    generateLeague(rng.fork(`league:${i}`), sink, i, shared);
    await sink.maybeFlush();
    if (i % 4 === 3 || i === plan.leagues - 1)
      log(
        `  football: ${i + 1}/${plan.leagues} leagues, ${sink.counts.odds_points.toLocaleString("en")} odds points so far`,
      );
  }
  const tennisRng = rng.fork("tennis");
  const players = makeTennisPlayers(tennisRng, sink, plan.tennisPlayers, shared.names);
  for (let t = 0; t < plan.tournaments; t++) {
    generateTournament(tennisRng.fork(`tournament:${t}`), sink, t, plan.tournaments, players, plan.drawSize);
    await sink.maybeFlush();
  }
  log(`  tennis: ${plan.tournaments} tournaments, ${plan.tennisPlayers} players`);
  await sink.flush();
}

/**
 * Deterministic demo data (fixed RNG seed and reference date). Idempotent: when the database
 * already holds this version at this scale it does nothing; otherwise the sports tables are
 * emptied and regenerated in one transaction, then standings and season totals are rebuilt.
 */
export async function seed({ scale, quiet }: SeedOptions): Promise<void> {
  const log = quiet ? () => {} : (m: string) => console.log(m);
  const started = Date.now();
  const marker = seedMarker(scale);
  const [state, competitions] = await Promise.all([seedMarkerOf(db, SEED_STATE_KEY), competitionCount(db)]);
  if (state === marker && competitions > 0) {
    log(`demo data already seeded (${marker}); nothing to do`);
    return;
  }
  log(`seeding demo data (${marker})${competitions > 0 ? ", replacing the existing sports data" : ""}`);
  const writer = openWriter(databaseUrl());
  let counts: Record<string, number>;
  try {
    await writer.beginFresh();
    const sink = new RowSink(writer);
    await generate(sink, scale, log);
    await writer.commit();
    counts = sink.counts;
  } catch (err) {
    await writer.rollback();
    throw err;
  } finally {
    await writer.close();
  }
  log(
    `  rows written in ${((Date.now() - started) / 1000).toFixed(1)} s; rebuilding standings and season totals`,
  );
  for (const id of await editionIds(db)) {
    // A transaction per edition: its standings.updated change commits with the rows.
    await db.$transaction((tx) => rebuildStandings(tx, id), { timeout: 120_000 });
    await rebuildEditionStats(db, id);
  }
  // The reset marker joins the seed marker's transaction: it announces a complete data set.
  await db.$transaction(async (tx) => {
    await recordChanges(tx, [
      {
        type: "dataset.reset",
        resourceId: null,
        competitionId: null,
        contestId: null,
        data: { seed: marker },
      },
    ]);
    await setSeedMarker(tx, SEED_STATE_KEY, marker);
  });
  await bumpDataVersion();
  const summary = Object.entries(counts)
    .map(([t, n]) => `${t}=${n}`)
    .join(" ");
  log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${summary}`);
}

/** Used by `npm start`: seeds the default scale when there are no competitions yet. */
export async function seedIfEmpty(): Promise<void> {
  if ((await competitionCount(db)) === 0) await seed({ scale: 1 });
}
