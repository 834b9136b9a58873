import { renderMetrics } from "@/lib/metrics-http";

// Used under `next start`; the lean server answers /metrics itself with the same function.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(request: Request) {
  const { status, headers, body } = await renderMetrics(request.headers.get("authorization") ?? undefined);
  return new Response(body, { status, headers });
}
