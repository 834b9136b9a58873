import type { Metadata } from "next";
import { LogsView } from "@/components/logs/LogsView";
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
  return (
    <LogsView
      endpoints={[...endpoints, "(unmatched)"]}
      initial={{
        keyPrefix: one(q.key).slice(0, 16),
        status: one(q.status).slice(0, 6),
        endpoint: one(q.endpoint).slice(0, 120),
        requestId: one(q.id).slice(0, 64),
        range,
        from,
        to,
      }}
    />
  );
}
