import { z } from "zod";
import type { Db } from "../platform/db";
import { recordAudit } from "../audit/store";
import { KEY_PATTERN, secretMatches, splitKey } from "../keys/format";
import { hasValidChecksum } from "../keys/checksum";
import { setKeyDisabled } from "../keys/lifecycle";
import { revokeApiKey } from "../keys/service";
import { keyByPrefix } from "../keys/store";
import { raiseAlert } from "./raise";
import { alertSettings } from "./settings";

/** Where GitHub posts reports; server.ts exempts it from BODY_LIMIT_BYTES (the route bounds it). */
export const LEAK_REPORT_PATH = "/api/secret-scanning/github";
/** A report's body: GitHub's partner payload, a JSON array of matches (~200 bytes each). */
export const MAX_REPORT_BYTES = 256 * 1024;
export const MAX_REPORT_ITEMS = 1000;

const text = (max: number) => z.string().max(max);
export const LeakReport = z
  .array(
    z.object({
      token: text(1000),
      type: text(200).default(""),
      url: text(2000).nullish(),
      source: text(100).nullish(),
    }),
  )
  .min(1, "the report lists no token")
  .max(MAX_REPORT_ITEMS, `at most ${MAX_REPORT_ITEMS} tokens per report`);
export type LeakReportItem = z.infer<typeof LeakReport>[number];

/** GitHub's feedback format: one entry per reported token. */
export interface LeakFeedback {
  token_raw: string;
  token_type: string;
  label: "true_positive" | "false_positive";
}

const where = (item: LeakReportItem) => {
  const url = item.url && /^https?:\/\//i.test(item.url) ? item.url.slice(0, 300) : "an unnamed place";
  return item.source ? `${url} (${item.source.slice(0, 40)})` : url;
};

/** Revokes or disables (the account's choice) one reported key, audits it and raises key.leaked. */
async function act(db: Db, item: LeakReportItem): Promise<void> {
  if (!KEY_PATTERN.test(item.token)) return;
  const { prefix, secret } = splitKey(item.token);
  const key = await keyByPrefix(db, prefix);
  if (!key || !secretMatches(secret, key.secretHash)) return;
  const { leakAction } = await alertSettings(db, key.accountId);
  const origin = {
    ip: "secret-scanning",
    userAgent: item.type ? `leak report (${item.type})` : "leak report",
  };
  let done = "already revoked";
  if (!key.revokedAt) {
    if (leakAction === "disable") {
      const r = await setKeyDisabled(db, { id: key.id }, true, null, origin);
      done = r.ok ? "disabled" : r.message;
    } else {
      await revokeApiKey(db, { id: key.id }, null, origin);
      done = "revoked";
    }
  }
  await recordAudit(db, {
    accountId: key.accountId,
    actorUserId: null,
    action: "key.leak_reported",
    targetType: "api_key",
    targetId: key.id,
    detail: `${key.prefix} "${key.name}" (${key.environment}) found at ${where(item)}; ${done}`,
    ...origin,
  });
  await raiseAlert(db, {
    accountId: key.accountId,
    type: "key.leaked",
    dedupeKey: `key.leaked:${key.id}`,
    title: `Key ${key.prefix}… was found in public and ${done}`,
    message:
      `The API key ${key.prefix}… "${key.name}" (${key.environment}) was reported by a secret scanner, found at ${where(item)}. ` +
      `It has been ${done}; clients using it get 401 "Invalid API key". Create a new key and keep it out of code and logs.`,
    data: {
      key_id: key.id,
      prefix: key.prefix,
      name: key.name,
      environment: key.environment,
      action: leakAction,
      url: item.url?.slice(0, 300) ?? null,
      source: item.source ?? null,
    },
  });
}

/**
 * Handles a verified report. The answer is computed from each token alone (the key form and its
 * checksum, lib/keys/checksum.ts), never from the database, so it is the same whether a key exists,
 * was revoked already, or never existed: the answer reveals nothing about accounts.
 */
export async function handleLeakReport(db: Db, items: LeakReportItem[]): Promise<LeakFeedback[]> {
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.token)) continue;
    seen.add(item.token);
    await act(db, item);
  }
  return items.map((i) => ({
    token_raw: i.token,
    token_type: i.type,
    label: hasValidChecksum(i.token) ? "true_positive" : "false_positive",
  }));
}
