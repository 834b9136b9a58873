// `npm run db:seed [-- --scale N] [--quiet]`: deterministic demo data (fixed RNG seed), idempotent.
import { seed } from "../lib/seed/index";

const args = process.argv.slice(2);
const scaleArg = args[args.indexOf("--scale") + 1];
const scale = args.includes("--scale") ? Number(scaleArg) : 1;
if (!Number.isFinite(scale) || scale <= 0 || scale > 100) {
  console.error("--scale must be a number between 0 and 100");
  process.exit(2);
}
seed({ scale, quiet: args.includes("--quiet") })
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(`seed failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
