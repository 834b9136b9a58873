import { v } from "./spec";

const CLI = "CLI";
const T = "Tests and build";

/** Variables read by the CLIs, the test runners and the bench (never by a serving process). */
export const TOOL_VARS = {
  STATLINE_API_KEY: v.str("The key the `statline` CLI, the SDK and the MCP server send", CLI),
  STATLINE_BASE_URL: v.url("The `statline` CLI's server", CLI, { default: "http://localhost:3000" }),
  STATLINE_INGEST_KEY: v.str(
    "The ingest-scoped key `statline ingest` and `npm run admin -- ingest` send (never a flag: no key in shell history)",
    CLI,
  ),
  STATLINE_URL: v.url("Alias of `STATLINE_BASE_URL`; `npm run perf:pages` measures this running server", CLI),
  STATLINE_CONFIG_DIR: v.str("The `statline` CLI's credentials folder", CLI, {
    shown: "`~/.config/statline`",
  }),

  CHROMIUM_PATH: v.str("Browser for the Playwright tests", T, { default: "/usr/bin/chromium" }),
  E2E_PORT: v.int("Port of the app under Playwright", T, { default: "3100", min: 1, max: 65535 }),
  TEST_SEED_SCALE: v.num("Scale of the seeded test database", T, { default: "0.25" }),
  RELIABILITY_SEED_SCALE: v.num("Scale of the reliability suite's seeded databases", T, { default: "0.25" }),
  TEST_ONLY: v.str("`npm test` steps to run, e.g. `TEST_ONLY=unit,browser`", T),
  STATLINE_SHARED_DATA: v.str(
    "The real open data the importer tests read in place (never copied into the repo)",
    T,
    {
      shown: "`../shared/data`",
    },
  ),
  NEXT_DIST_DIR: v.str("Build folder", T, { default: ".next" }),
  STATLINE_SERVER: v.oneOf(
    ["lean", "next"],
    "`next`: `scripts/serve.ts` serves through plain `next start` (tests, bench)",
    T,
    {
      default: "lean",
    },
  ),
  LIGHTHOUSE_DIR: v.str(
    "`npm run perf:pages`/`perf:lighthouse`: a Lighthouse 12 install to score each page (docs/development.md); perf:lighthouse installs one under node_modules/.cache when unset",
    T,
  ),
  LIGHTHOUSE_RUNS: v.int(
    "`npm run perf:pages`/`perf:lighthouse`: Lighthouse runs per page; the median is printed",
    T,
    { default: "3", min: 1, max: 20 },
  ),
  STATLINE_SKIP_BUILD: v.bool("`1` skips the build check in `npm start` and the tests", T, { default: "0" }),
  STATLINE_BUILD_TYPECHECK: v.bool(
    "`0`: `next build` skips its type check (`npm test` type-checks the whole project right after the build)",
    T,
    { default: "1" },
  ),
} as const;
