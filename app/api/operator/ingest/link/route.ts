import { linkIdentity, linkInput } from "@/lib/ingest/links";
import { operatorRoute } from "@/lib/operator/access";

export const dynamic = "force-dynamic";

/** Points a feed's team or person id at an existing row: the operator's explicit link (docs/ingest.md). */
export const POST = operatorRoute(linkInput, ({ body }) => linkIdentity(body));
