import { LIVENESS_BODY } from "@/lib/health";

export const dynamic = "force-dynamic";

export function GET() {
  return new Response(LIVENESS_BODY, { headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
}
