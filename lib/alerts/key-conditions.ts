import type { Db } from "../platform/db";
import { keysExpiringBetween } from "../keys/store";
import { knownDedupeKeys, raiseAlert } from "./raise";
import type { AlertInput, AlertType } from "./types";

const DAY_MS = 86_400_000;
/** `key.expiring` fires this long before the expiry. */
export const EXPIRING_WITHIN_MS = 7 * DAY_MS;
/** `key.grace_ending` fires this long before a rolled key's grace ends. */
export const GRACE_ENDING_WITHIN_MS = DAY_MS;
/** `key.expired` looks back this far: keys that expired longer ago (before alerts existed) stay quiet. */
const EXPIRED_LOOKBACK_MS = 7 * DAY_MS;
const PAGE = 500;
const MAX_PAGES = 20;

type KeyRow = {
  id: string;
  accountId: string;
  name: string;
  prefix: string;
  environment: string;
  expiresAt: Date | null;
};

const when = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");

function alertOf(type: AlertType, k: KeyRow): AlertInput {
  const at = k.expiresAt!;
  const key = `${k.prefix}… "${k.name}" (${k.environment})`;
  const data = {
    key_id: k.id,
    prefix: k.prefix,
    name: k.name,
    environment: k.environment,
    expires_at: at.toISOString(),
  };
  const base = { accountId: k.accountId, type, dedupeKey: `${type}:${k.id}:${at.getTime()}`, data };
  if (type === "key.expiring")
    return {
      ...base,
      title: `Key ${k.prefix}… expires ${when(at)}`,
      message: `The API key ${key} stops working at ${when(at)}. Roll it or create a new key before then.`,
    };
  if (type === "key.grace_ending")
    return {
      ...base,
      title: `Rolled key ${k.prefix}… stops working ${when(at)}`,
      message: `The grace period of the rolled API key ${key} ends at ${when(at)}; after that only its new key works. Move every client to the new key.`,
    };
  return {
    ...base,
    title: `Key ${k.prefix}… expired`,
    message: `The API key ${key} expired at ${when(at)} and is refused with 401 "Invalid API key". Create or roll a key for the clients that used it.`,
  };
}

/** The keys of one condition, page by page (bounded), with those already alerted skipped in one query each. */
async function raiseFor(
  db: Db,
  type: AlertType,
  window: { rolled: boolean; after: Date; until: Date },
): Promise<number> {
  let raised = 0;
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const rows: KeyRow[] = await keysExpiringBetween(db, window, cursor, PAGE);
    const alerts = rows.map((k) => alertOf(type, k));
    const known = await knownDedupeKeys(
      db,
      alerts.map((a) => a.dedupeKey),
    );
    for (const a of alerts) if (!known.has(a.dedupeKey) && (await raiseAlert(db, a))) raised++;
    if (rows.length < PAGE) break;
    cursor = rows[rows.length - 1].id;
  }
  return raised;
}

/**
 * Key expiry conditions, from the key rows (no state of our own): expiring within 7 days, expired,
 * and a rolled key's grace ending within 24 h (a rolled key gets only that one, not expiring/expired:
 * the roll chose its end). Revoked and disabled keys are left out.
 */
export async function raiseKeyAlerts(db: Db, now = new Date()): Promise<number> {
  const t = now.getTime();
  const n1 = await raiseFor(db, "key.expiring", {
    rolled: false,
    after: now,
    until: new Date(t + EXPIRING_WITHIN_MS),
  });
  const n2 = await raiseFor(db, "key.expired", {
    rolled: false,
    after: new Date(t - EXPIRED_LOOKBACK_MS),
    until: now,
  });
  const n3 = await raiseFor(db, "key.grace_ending", {
    rolled: true,
    after: now,
    until: new Date(t + GRACE_ENDING_WITHIN_MS),
  });
  return n1 + n2 + n3;
}
