import type { Metadata } from "next";
import { GET as getKeys } from "@/app/api/dashboard/keys/route";
import { GET as getLogs } from "@/app/api/dashboard/logs/route";
import { logRangeFrom, queries } from "@/components/hooks/queries";
import { LogsView } from "@/components/logs/LogsView";
import { Prefetched } from "@/components/Prefetched";
import { routes } from "@/lib/api/routes";
import { requireMember } from "@/lib/workspaces/member";

export const metadata: Metadata = { title: "Logs" };

type Search = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";
const iso = (v: string) => (v && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : "");

export default async function LogsPage({ searchParams }: { searchParams: Search }) {
  await requireMember("/dashboard/logs");
  const q = await searchParams;
  const from = iso(one(q.from));
  const to = iso(one(q.to));
  const rangeParam = one(q.range);
  const range =
    from || to
      ? "custom"
      : ["1h", "24h", "7d"].includes(rangeParam)
        ? rangeParam
        : rangeParam === "all"
          ? ""
          : "24h";
  const endpoints = routes.filter((r) => !r.public).map((r) => r.pattern);
  const initial = {
    keyPrefix: one(q.key).slice(0, 16),
    status: one(q.status).slice(0, 6),
    endpoint: one(q.endpoint).slice(0, 120),
    requestId: one(q.id).slice(0, 64),
    range,
    ...(range === "custom" ? { from, to } : { from: logRangeFrom(range, Date.now()), to: "" }),
  };
  // The frame's test/live switch, as useEnvironment reads it; 50 rows a page, as useLogsQuery asks.
  const env = one(q.env) === "live" ? "live" : "test";
  return (
    <Prefetched
      queries={[
        { ...queries.logs({ env, ...initial }, 50), get: getLogs, infinite: true },
        { ...queries.keys(), get: getKeys },
      ]}
    >
      <LogsView endpoints={[...endpoints, "(unmatched)"]} initial={initial} />
    </Prefetched>
  );
}
