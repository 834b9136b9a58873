import { z } from "../platform/zod";
import { WEBHOOK_EVENT_TYPES } from "./event-types";

// The request bodies of the dashboard's webhook endpoints, shared by the routes
// (app/api/dashboard/webhooks) and the dashboard's hook and dialogs (useWebhooksQuery.ts,
// components/webhooks). Imports only zod and pure constants (tests/config/schemas.test.ts).

export const MAX_URL_LENGTH = 2000;
export const MAX_DESCRIPTION_LENGTH = 200;

/**
 * How long the previous signing secret still signs deliveries after a roll (each delivery then
 * carries both signatures), so receivers can switch over without a gap. 24 h by default.
 */
export const SECRET_OVERLAP_CHOICES = {
  none: 0,
  "1h": 3_600_000,
  "24h": 86_400_000,
  "3d": 3 * 86_400_000,
  "7d": 7 * 86_400_000,
} as const;
export type SecretOverlap = keyof typeof SECRET_OVERLAP_CHOICES;

/** Only http(s): the server checks the rest (credentials, private targets: lib/webhooks/ssrf.ts). */
const url = z
  .string()
  .trim()
  .min(1, "Enter the URL Statline should POST to, starting with https:// or http://")
  .max(MAX_URL_LENGTH, `URL must be at most ${MAX_URL_LENGTH} characters`)
  .refine((u) => /^https?:\/\/\S+$/i.test(u), "URL must start with https:// or http://");
const description = z
  .string()
  .trim()
  .max(MAX_DESCRIPTION_LENGTH, `Description must be at most ${MAX_DESCRIPTION_LENGTH} characters`);
/** Empty = every event type. */
const eventTypes = z.array(z.enum(WEBHOOK_EVENT_TYPES)).max(WEBHOOK_EVENT_TYPES.length);
/** odds.moved threshold in percentage points; null or absent = the default. */
const oddsThresholdPp = z.number().finite().nullable().optional();

export const createEndpointInput = z.object({
  url,
  description: description.default(""),
  eventTypes: eventTypes.default([]),
  oddsThresholdPp,
});
export type CreateEndpointInput = z.input<typeof createEndpointInput>;

/** An edit: only the stated fields change; unknown fields are refused. */
export const endpointPatchInput = z.strictObject({
  url: url.optional(),
  description: description.optional(),
  eventTypes: eventTypes.optional(),
  oddsThresholdPp,
});
export type EndpointPatchInput = z.input<typeof endpointPatchInput>;

export const rollSecretInput = z.object({
  overlap: z.enum(Object.keys(SECRET_OVERLAP_CHOICES) as [SecretOverlap, ...SecretOverlap[]]).default("24h"),
});
export type RollSecretInput = z.input<typeof rollSecretInput>;
