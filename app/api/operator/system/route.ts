import { db } from "@/lib/platform/db";
import { operatorRoute } from "@/lib/operator/access";
import { systemStatus } from "@/lib/operator/system";

export const dynamic = "force-dynamic";

export const GET = operatorRoute(null, () => systemStatus(db));
