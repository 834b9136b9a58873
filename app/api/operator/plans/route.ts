import { db } from "@/lib/db";
import { operatorRoute } from "@/lib/operator/access";
import { readCatalogue } from "@/lib/plan-catalogue";

export const dynamic = "force-dynamic";

export const GET = operatorRoute(null, () => readCatalogue(db));
