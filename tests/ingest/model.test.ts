import { afterAll, beforeAll, expect, test } from "vitest";
import { runModel } from "../support/ingest-model/run";
import { startWorld, type World } from "../support/ingest-model/world";

/**
 * The ingest model-based test on SQLite: two writers on two lean instances of one database, random
 * seeded sequences of ingest writes checked against a reference model (tests/support/ingest-model).
 * MODEL_SEED replays a failure (fast-check prints the seed and path); MODEL_RUNS sets the sequences.
 */
const SEED = Number(process.env.MODEL_SEED ?? 4101);
const RUNS = Number(process.env.MODEL_RUNS ?? 24);
const MIN_REQUESTS = Number(process.env.MODEL_MIN_REQUESTS ?? 10_000);
let world: World;

beforeAll(async () => {
  world = await startWorld("sqlite");
}, 300_000);
afterAll(() => world?.stop());

test(
  "random ingest sequences from two writers on two instances: /v1, the change feed and verify equal the model",
  async () => {
    const stats = await runModel({ world, seed: SEED, runs: RUNS, maxPairs: 220, batch: 25 });
    console.log(`ingest model (SQLite, seed ${SEED}):`, stats);
    expect(stats.requests).toBeGreaterThanOrEqual(MIN_REQUESTS);
  },
  900_000,
);
