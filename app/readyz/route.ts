import { opsRouteHandler } from "@/lib/platform/ops";

// Under plain `next start`; the lean server answers /readyz itself through the same lib/platform/ops.ts entry.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = opsRouteHandler("/readyz");
