import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runModel } from "../support/ingest-model/run";
import { startWorld, type World } from "../support/ingest-model/world";
import { MUTANTS, writePlan, type Mutant } from "../support/mutants/catalogue";

/**
 * The ingest model test finds each defect class of the write side when it is re-introduced: one
 * lean server on SQLite carries every mutant (tests/support/mutants), switched on one at a time;
 * with none on, the same budget passes. MUTANTS_SEED, MUTANTS_RUNS and MUTANTS_PAIRS set the budget
 * (the bench's fuzz section is the long form).
 */
const SEED = Number(process.env.MUTANTS_SEED ?? 4103);
const RUNS = Number(process.env.MUTANTS_RUNS ?? 3);
const PAIRS = Number(process.env.MUTANTS_PAIRS ?? 90);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-mutants-"));
const plan = writePlan(dir);
let world: World;

beforeAll(async () => {
  world = await startWorld("sqlite", 1, plan.env);
}, 300_000);
afterAll(async () => {
  await world?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const run = (m?: Mutant) =>
  runModel({
    world,
    seed: SEED,
    runs: m?.budget?.runs ?? RUNS,
    maxPairs: m?.budget?.pairs ?? PAIRS,
    batch: 15,
    shrink: false,
    weights: m?.weights,
  });

test("with no mutant on, the model's budget passes", async () => {
  plan.activate(null);
  await run();
}, 600_000);

describe.each(MUTANTS)("mutant $id", (m) => {
  test(`is found: ${m.what}`, async () => {
    plan.activate(m.id);
    let found: unknown = null;
    try {
      await run(m);
    } catch (err) {
      found = err;
    } finally {
      plan.activate(null);
    }
    expect(found, `the model did not find mutant ${m.id}`).not.toBeNull();
    // fast-check's report names the seed and path; its cause is the model's failed assertion.
    const cause = (found as Error).cause ?? found;
    const by = String((cause as Error).message);
    console.log(`mutant ${m.id} found by:`, by.slice(0, 400));
    // Found by the model's rules, not by a busy database.
    expect(by).not.toMatch(/SERVICE_UNAVAILABLE/);
  }, 600_000);
});
