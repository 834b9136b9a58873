import { userRowByEmail } from "../accounts/store";
import { db } from "../platform/db";
import { STATUS_FILTER_PATTERN, requestLogPage } from "./query";
import type { LogFilters } from "./store";
import { parseFlags, type AdminCommand } from "../cli/args";

const str = (flags: Record<string, string | true>, name: string, hint: string): string | undefined => {
  const v = flags[name];
  if (v === true) throw new Error(`--${name} needs ${hint}`);
  return v?.trim() || undefined;
};

/** The flags as request-log filters; --email resolves to the user's account. */
async function filtersFrom(flags: Record<string, string | true>): Promise<LogFilters> {
  const filters: LogFilters = {};
  const email = str(flags, "email", "an email address");
  if (email) {
    const user = await userRowByEmail(db, email.toLowerCase());
    if (!user) throw new Error(`no user ${email}`);
    filters.accountId = user.accountId;
  }
  filters.keyPrefix = str(flags, "key", "the key's 16-character prefix");
  filters.requestId = str(flags, "request-id", "a request id (req_…)");
  filters.endpoint = str(flags, "endpoint", "a route pattern such as /v1/teams/{id}");
  const status = str(flags, "status", "2xx, 3xx, 4xx, 429, 5xx, errors or a code");
  if (status && !STATUS_FILTER_PATTERN.test(status))
    throw new Error("--status must be 2xx, 3xx, 4xx, 429, 5xx, errors or a status code such as 404");
  filters.status = status;
  const env = str(flags, "env", "live or test");
  if (env && env !== "live" && env !== "test") throw new Error("--env must be live or test");
  filters.environment = env as LogFilters["environment"];
  for (const [flag, field] of [
    ["since", "from"],
    ["until", "to"],
  ] as const) {
    const v = str(flags, flag, "an ISO date or time");
    if (v === undefined) continue;
    const d = new Date(v);
    if (Number.isNaN(d.getTime()))
      throw new Error(`--${flag} must be an ISO date or time, e.g. 2026-11-01T00:00:00Z`);
    filters[field] = d;
  }
  return filters;
}

export const logCommands: AdminCommand[] = [
  {
    name: "logs",
    usage:
      "logs [--email <e>] [--key <prefix>] [--request-id <id>] [--status 4xx|404|errors] [--endpoint <pattern>] [--env live|test] [--since <ISO>] [--until <ISO>] [--limit <n, max 10000>] [--json]   (request log, newest first)",
    async run(args) {
      const { flags } = parseFlags(args);
      const limit = flags.limit === undefined ? 100 : Number(flags.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 10_000)
        throw new Error("--limit must be a whole number from 1 to 10000");
      const page = await requestLogPage(db, await filtersFrom(flags), limit);
      if (flags.json) {
        console.log(JSON.stringify(page.items, null, 2));
        return;
      }
      if (page.items.length === 0) return void console.log("no requests match");
      for (const r of page.items) {
        const q = r.query ? `?${r.query}` : "";
        const sampled = r.sampleRate > 1 ? `  (sampled 1 in ${r.sampleRate})` : "";
        console.log(
          `${r.at}  ${r.requestId}  ${r.status}${r.errorCode ? ` ${r.errorCode}` : ""}  ${r.method} ${r.path}${q}  ${r.keyPrefix ?? "-"}  ${r.durationMs} ms  ${r.ip ?? "-"}${sampled}`,
        );
      }
      if (page.nextCursor) console.log(`… more rows; raise --limit or narrow with --since/--until`);
    },
  },
];
