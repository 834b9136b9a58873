import type { Db } from "../platform/db";
import { headId } from "../events/store";
import { checkReadiness } from "../platform/health";
import { deliveryBacklog } from "../webhooks/store/deliveries";
import { instancesSeen, type InstanceSeen } from "./instances";

export interface SystemStatus {
  database: "up" | "unreachable";
  redis: "up" | "down" | "not_configured";
  instances: InstanceSeen[];
  feedHead: number;
  webhooks: {
    /** Deliveries waiting for a first try or a retry. */
    pending: number;
    failed: number;
    dead: number;
    oldestDueAt: string | null;
  };
}

/** What the console's system and data pages show: /readyz's checks plus the shared figures. */
export async function systemStatus(db: Db): Promise<SystemStatus> {
  const ready = JSON.parse((await checkReadiness()).body) as {
    database: SystemStatus["database"];
    redis: SystemStatus["redis"];
  };
  if (ready.database !== "up")
    return {
      database: ready.database,
      redis: ready.redis,
      instances: [],
      feedHead: 0,
      webhooks: { pending: 0, failed: 0, dead: 0, oldestDueAt: null },
    };
  const [instances, feedHead, backlog] = await Promise.all([
    instancesSeen(db),
    headId(db),
    deliveryBacklog(db),
  ]);
  return {
    database: "up",
    redis: ready.redis,
    instances,
    feedHead,
    webhooks: { ...backlog, oldestDueAt: backlog.oldestDueAt?.toISOString() ?? null },
  };
}
