import type { Metadata } from "next";
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
  return <UsageView initial={{ range, keyId: one(q.keyId).slice(0, 64) }} />;
}
