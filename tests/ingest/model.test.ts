import { afterAll, beforeAll, expect, test } from "vitest";
import { runModel } from "../support/ingest-model/run";
import { startWorld, type World } from "../support/ingest-model/world";

/**
 * The ingest model-based test on SQLite: two writers at once on one lean instance (the two-instance
 * run is tests/reliability/ingest-model.test.ts, on PostgreSQL and Redis), random
 * seeded sequences of ingest writes checked against a reference model (tests/support/ingest-model).
 * MODEL_SEED replays a failure (fast-check prints the seed and path); MODEL_RUNS sets the sequences.
 */
const SEED = Number(process.env.MODEL_SEED ?? 4101);
const RUNS = Number(process.env.MODEL_RUNS ?? 30);
const PAIRS = Number(process.env.MODEL_PAIRS ?? 220);
const MIN_REQUESTS = Number(process.env.MODEL_MIN_REQUESTS ?? 10_000);
let world: World;

beforeAll(async () => {
  world = await startWorld("sqlite", 1);
}, 300_000);
afterAll(() => world?.stop());

test("random ingest sequences from two writers on two instances: /v1, the change feed and verify equal the model", async () => {
  const stats = await runModel({ world, seed: SEED, runs: RUNS, maxPairs: PAIRS, batch: 25 });
  console.log(`ingest model (SQLite, seed ${SEED}): ${JSON.stringify(stats)}`);
  expect(stats.requests).toBeGreaterThanOrEqual(MIN_REQUESTS);
}, 900_000);
