import { splitInput, splitPerson } from "@/lib/ingest/links";
import { operatorRoute } from "@/lib/operator/access";

export const dynamic = "force-dynamic";

/** Splits a feed's person id joined to the wrong person into a person of its own (docs/ingest.md). */
export const POST = operatorRoute(splitInput, ({ body }) => splitPerson(body));
