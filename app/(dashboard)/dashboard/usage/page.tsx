import type { Metadata } from "next";
import { GET as getKeys } from "@/app/api/dashboard/keys/route";
import { GET as getUsage } from "@/app/api/dashboard/usage/route";
import { queries } from "@/components/hooks/queries";
import { Prefetched } from "@/components/Prefetched";
import { UsageView } from "@/components/usage/UsageView";
import { requireMember } from "@/lib/workspaces/member";
import { USAGE_RANGES, type UsageRange } from "@/lib/usage/report";

export const metadata: Metadata = { title: "Usage" };

type Search = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

export default async function UsagePage({ searchParams }: { searchParams: Search }) {
  await requireMember("/dashboard/usage");
  const q = await searchParams;
  const range = (USAGE_RANGES as readonly string[]).includes(one(q.range))
    ? (one(q.range) as UsageRange)
    : "24h";
  const initial = { range, keyId: one(q.keyId).slice(0, 64) };
  // The frame's test/live switch, as useEnvironment reads it.
  const environment = one(q.env) === "live" ? "live" : "test";
  return (
    <Prefetched
      queries={[
        { ...queries.usage({ ...initial, environment }), get: getUsage },
        { ...queries.keys(), get: getKeys },
      ]}
    >
      <UsageView initial={initial} />
    </Prefetched>
  );
}
