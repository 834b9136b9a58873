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

export function signatureHeaders(secret: string, id: string, body: string, now = new Date()) {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const sig = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
  return { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": `v1,${sig}` };
}
