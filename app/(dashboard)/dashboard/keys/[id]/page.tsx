import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { GET as getKey } from "@/app/api/dashboard/keys/[id]/route";
import { GET as getLogs } from "@/app/api/dashboard/logs/route";
import { GET as getUsage } from "@/app/api/dashboard/usage/route";
import { KEY_LOG_ROWS, keyLogFilters, queries } from "@/components/hooks/queries";
import { KeyDetailView } from "@/components/keys/KeyDetailView";
import { Prefetched } from "@/components/Prefetched";
import { ApiError } from "@/lib/platform/errors";
import { db } from "@/lib/platform/db";
import { keyPageOf } from "@/lib/keys/views";
import { requireMember } from "@/lib/workspaces/member";

export const metadata: Metadata = { title: "API key" };

type Search = Promise<Record<string, string | string[] | undefined>>;

/**
 * One key's page (as Unkey has): its usage and outcomes over time, its last requests, its settings
 * and the actions the viewer's role allows. Another workspace's key and an unknown id are the same
 * 404 page. The frame's test/live switch leads back to that environment's keys: a key lives in one.
 */
export default async function KeyPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Search;
}) {
  const { id: raw } = await params;
  const id = raw.slice(0, 64);
  const member = await requireMember(`/dashboard/keys/${encodeURIComponent(id)}`);
  const page = await keyPageOf(db, member, id).catch((err: unknown) => {
    if (err instanceof ApiError && err.code === "NOT_FOUND") notFound();
    throw err;
  });
  const q = await searchParams;
  const env = q.env === "live" ? "live" : "test";
  if (env !== page.key.environment) {
    const back = new URLSearchParams();
    if (env === "live") back.set("env", "live");
    if (typeof q.w === "string") back.set("w", q.w);
    redirect(`/dashboard/keys${back.size ? `?${back}` : ""}`);
  }
  return (
    <Prefetched
      queries={[
        { ...queries.key(id), get: getKey, params: { id } },
        { ...queries.usage({ range: "24h", keyId: id, environment: "" }), get: getUsage },
        { ...queries.logs(keyLogFilters(page.key), KEY_LOG_ROWS), get: getLogs, infinite: true },
      ]}
    >
      <KeyDetailView id={id} />
    </Prefetched>
  );
}
