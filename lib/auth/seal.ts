import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { envStrOpt } from "../platform/config";

/**
 * AES-256-GCM sealing of secrets that must be readable again (the TOTP secret, webhook signing
 * secrets), under a key derived from NEXTAUTH_SECRET and a purpose label: a database dump alone
 * yields none of them, and one purpose's ciphertext does not open as another's.
 */
function key(purpose: string): Buffer {
  const secret = envStrOpt("NEXTAUTH_SECRET");
  if (!secret) throw new Error("NEXTAUTH_SECRET is not set");
  return createHash("sha256").update(`statline:${purpose}:${secret}`).digest();
}

export function seal(purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(purpose), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** The plain text, or null when the value was not sealed under this purpose and secret. */
export function unseal(purpose: string, sealed: string): string | null {
  const [v, iv, tag, data] = sealed.split(".");
  if (v !== "v1" || !iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(purpose), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    return null;
  }
}
