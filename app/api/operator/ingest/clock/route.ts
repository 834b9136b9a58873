import { clockInput, resetClock } from "@/lib/ingest/links";
import { operatorRoute } from "@/lib/operator/access";

export const dynamic = "force-dynamic";

/** Forgets a feed's clock for an entity: its next write is accepted whatever its feed_at (docs/ingest.md). */
export const POST = operatorRoute(clockInput, ({ body }) => resetClock(body));
