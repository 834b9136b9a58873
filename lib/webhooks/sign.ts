import { createHmac, randomBytes } from "node:crypto";
import { seal, unseal } from "../auth/seal";

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com/): the secret is `whsec_` + base64
 * of 24 random bytes; `webhook-signature` is `v1,` + base64 HMAC-SHA256 over
 * "<webhook-id>.<webhook-timestamp>.<body>" keyed with the decoded secret. Tests verify every
 * delivery with the `standardwebhooks` package, an implementation written elsewhere.
 */
export const newSigningSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

export const sealSigningSecret = (secret: string) => seal("webhook", secret);
export const openSigningSecret = (sealed: string) => unseal("webhook", sealed);

/**
 * The three headers. With several secrets (a roll's overlap window: the new one first, then the
 * previous) the signature header lists one `v1,` signature per secret, space-separated, as the
 * standard allows, so a receiver holding either secret verifies the delivery.
 */
export function signatureHeaders(secret: string | string[], id: string, body: string, now = new Date()) {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const signatures = (Array.isArray(secret) ? secret : [secret]).map((s) => {
    const key = Buffer.from(s.replace(/^whsec_/, ""), "base64");
    return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
  });
  return { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": signatures.join(" ") };
}

/** The secrets a delivery is signed with at `now`: the current one, and the previous one until its window ends. */
export function signingSecrets(
  endpoint: { secret: string; previousSecret: string | null; previousSecretUntil: Date | null },
  now = new Date(),
): string[] | null {
  const current = openSigningSecret(endpoint.secret);
  if (!current) return null;
  const overlap =
    endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now;
  const previous = overlap ? openSigningSecret(endpoint.previousSecret!) : null;
  return previous ? [current, previous] : [current];
}
