import { checkReadiness } from "@/lib/health";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET() {
  const { ok, body } = await checkReadiness();
  return new Response(body, { status: ok ? 200 : 503, headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
}
