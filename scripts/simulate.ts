// `npm run simulate [-- --contests 3] [--speed 60] [--seed 1] [--competition <id>]`: plays the next
// scheduled contests forward in accelerated time (docs/events.md).
import { db } from "../lib/db";
import { simulate } from "../lib/simulator/run";

const args = process.argv.slice(2);
function num(name: string, fallback: number, min: number, max: number): number {
  const i = args.indexOf(`--${name}`);
  if (i === -1) return fallback;
  const v = Number(args[i + 1]);
  if (!Number.isFinite(v) || v < min || v > max) {
    console.error(`--${name} must be a number between ${min} and ${max}`);
    process.exit(2);
  }
  return v;
}

const competition = num("competition", 0, 1, 2_147_483_647);
simulate(db, {
  contests: num("contests", 3, 1, 100),
  speed: num("speed", 60, 1, 1_000_000),
  seed: num("seed", 1, 0, 2 ** 31),
  competition: competition || undefined,
  log: args.includes("--quiet") ? undefined : (line) => console.log(line),
})
  .then(async (r) => {
    console.log(`done: ${r.steps} steps over ${r.contests.length} contest(s)`);
    await db.$disconnect();
    process.exit(0);
  })
  .catch((err) => {
    console.error(`simulate failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
