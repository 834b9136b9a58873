import { db } from "./db";

/** /readyz: the database answers within the deadline. */
export async function checkReadiness(timeoutMs = 1000): Promise<{ ok: boolean; body: string }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      db.$queryRawUnsafe("SELECT 1"),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("timeout")), timeoutMs))),
    ]);
    return { ok: true, body: JSON.stringify({ status: "ready", database: "up" }) };
  } catch {
    return { ok: false, body: JSON.stringify({ status: "not_ready", database: "unreachable" }) };
  } finally {
    clearTimeout(timer);
  }
}

export const LIVENESS_BODY = JSON.stringify({ status: "ok" });
