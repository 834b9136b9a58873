import type { DbOrTx } from "../platform/db";
import { saveSettingsRow, settingsRow } from "./store";
import {
  ALERT_TYPES,
  CHANNELS,
  isAlertType,
  type AlertType,
  type Channel,
  type ChannelChoice,
  type LeakAction,
} from "./types";

const ALL: ChannelChoice = { dashboard: true, email: true, webhook: true };

export interface AlertSettings {
  /** Every type with its channels; a type never chosen has all three. */
  channels: Record<AlertType, ChannelChoice>;
  leakAction: LeakAction;
}

/** Parses the stored JSON leniently: unknown types and channels are ignored, a broken value means defaults. */
function parseChannels(stored: string | undefined): Record<AlertType, ChannelChoice> {
  let raw: unknown;
  try {
    raw = JSON.parse(stored ?? "{}");
  } catch {
    raw = {};
  }
  const out = Object.fromEntries(ALERT_TYPES.map((t) => [t, { ...ALL }])) as Record<AlertType, ChannelChoice>;
  if (typeof raw !== "object" || raw === null) return out;
  for (const [type, list] of Object.entries(raw)) {
    if (!isAlertType(type) || !Array.isArray(list)) continue;
    const chosen = new Set(
      list.filter((c): c is Channel => (CHANNELS as readonly string[]).includes(String(c))),
    );
    out[type] = {
      dashboard: chosen.has("dashboard"),
      email: chosen.has("email"),
      webhook: chosen.has("webhook"),
    };
  }
  return out;
}

export async function alertSettings(db: DbOrTx, accountId: string): Promise<AlertSettings> {
  const row = await settingsRow(db, accountId);
  return {
    channels: parseChannels(row?.channels),
    leakAction: row?.leakAction === "disable" ? "disable" : "revoke",
  };
}

/** Stores the stated parts (channels per type, leak action); returns what changed, for the audit line. */
export async function saveAlertSettings(
  db: DbOrTx,
  accountId: string,
  patch: { channels?: Partial<Record<AlertType, Channel[]>>; leakAction?: LeakAction },
): Promise<{ settings: AlertSettings; changes: string[] }> {
  const before = await alertSettings(db, accountId);
  const channels = { ...before.channels };
  const changes: string[] = [];
  for (const [type, list] of Object.entries(patch.channels ?? {}) as [AlertType, Channel[]][]) {
    const next = {
      dashboard: list.includes("dashboard"),
      email: list.includes("email"),
      webhook: list.includes("webhook"),
    };
    const was = channels[type];
    if (CHANNELS.some((c) => was[c] !== next[c])) {
      changes.push(`${type} ${listOf(was)} -> ${listOf(next)}`);
      channels[type] = next;
    }
  }
  const leakAction = patch.leakAction ?? before.leakAction;
  if (leakAction !== before.leakAction) changes.push(`leak action ${before.leakAction} -> ${leakAction}`);
  const stored = JSON.stringify(
    Object.fromEntries(ALERT_TYPES.map((t) => [t, CHANNELS.filter((c) => channels[t][c])])),
  );
  await saveSettingsRow(db, accountId, { channels: stored, leakAction });
  return { settings: { channels, leakAction }, changes };
}

const listOf = (c: ChannelChoice) => CHANNELS.filter((k) => c[k]).join("+") || "none";
