import { afterAll, beforeAll, expect, test } from "vitest";
import { runModel } from "../support/ingest-model/run";
import { startWorld, type World } from "../support/ingest-model/world";
import { deleteRedisPrefix, redisPrefix } from "./support/infra";

/**
 * The ingest model-based test on PostgreSQL + Redis: two writers, each on its own lean instance of
 * one database (a retry may go to the other instance; a twin is sent to both at once), checked
 * against the reference model after every batch (tests/support/ingest-model). MODEL_SEED replays.
 */
const SEED = Number(process.env.MODEL_SEED ?? 4102);
const RUNS = Number(process.env.MODEL_RUNS ?? 30);
const PAIRS = Number(process.env.MODEL_PAIRS ?? 220);
const MIN_REQUESTS = Number(process.env.MODEL_MIN_REQUESTS ?? 10_000);
const prefix = redisPrefix();
let world: World;

beforeAll(async () => {
  world = await startWorld("postgresql", 2, {
    REDIS_URL: "redis://127.0.0.1:6379",
    REDIS_PREFIX: prefix,
    NEXTAUTH_SECRET: "reliability-secret-not-for-production-0123456789",
  });
}, 300_000);
afterAll(async () => {
  await world?.stop();
  await deleteRedisPrefix(prefix);
});

test("random ingest sequences from two writers on two instances (PostgreSQL + Redis) equal the model", async () => {
  const stats = await runModel({ world, seed: SEED, runs: RUNS, maxPairs: PAIRS, batch: 25 });
  console.log(`ingest model (PostgreSQL + Redis, seed ${SEED}): ${JSON.stringify(stats)}`);
  expect(stats.requests).toBeGreaterThanOrEqual(MIN_REQUESTS);
}, 1_200_000);
