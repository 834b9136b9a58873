import type { StatusClass } from "./meter";

/**
 * Requests that failed for the caller: 4xx, 5xx and the 429s metering counts in their own class.
 * Leaving 429 out showed /v1/teams at 0.0% errors when 18 of its 31 requests were 429s.
 */
export const errorRequests = (row: Pick<Record<StatusClass, number>, "4xx" | "429" | "5xx">) =>
  row["4xx"] + row["429"] + row["5xx"];
