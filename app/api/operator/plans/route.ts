import { db } from "@/lib/platform/db";
import { operatorRoute } from "@/lib/operator/access";
import { readCatalogue } from "@/lib/plans/catalogue";

export const dynamic = "force-dynamic";

export const GET = operatorRoute(null, () => readCatalogue(db));
