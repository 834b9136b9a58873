import { createPublicKey, verify, type KeyObject } from "node:crypto";
import fs from "node:fs";
import type { Result } from "../platform/errors";
import { envStrOpt } from "../platform/config";
import { perProcess } from "../platform/process-state";

/**
 * The public keys that sign leak reports. GitHub's secret-scanning partner programme signs each
 * report with ECDSA P-256 over SHA-256 of the raw body and names its key in
 * `Github-Public-Key-Identifier`; its keys are published at
 * https://api.github.com/meta/public_keys/secret_scanning as {"public_keys":[{key_identifier, key}]}.
 * LEAK_REPORT_PUBLIC_KEYS (or the file LEAK_REPORT_PUBLIC_KEYS_FILE) holds that JSON as saved, or
 * plain PEM public keys (then any of them may have signed). Only P-256 keys are accepted.
 */
export interface ReportKey {
  id: string | null;
  key: KeyObject;
}

const MAX_KEYS = 20;
const PEM_BLOCK = /-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/g;

function p256(pem: string): KeyObject | null {
  try {
    const key = createPublicKey(pem);
    return key.asymmetricKeyType === "ec" && key.asymmetricKeyDetails?.namedCurve === "prime256v1"
      ? key
      : null;
  } catch {
    return null;
  }
}

/** Parses the configured text; throws with a readable reason when it holds no usable key. */
export function parseReportKeys(text: string): ReportKey[] {
  const trimmed = text.trim();
  let keys: ReportKey[];
  if (trimmed.startsWith("{")) {
    const doc = JSON.parse(trimmed) as { public_keys?: Array<{ key_identifier?: unknown; key?: unknown }> };
    keys = (doc.public_keys ?? []).flatMap((k) => {
      const key = typeof k.key === "string" ? p256(k.key) : null;
      return key && typeof k.key_identifier === "string" ? [{ id: k.key_identifier, key }] : [];
    });
  } else {
    keys = (trimmed.match(PEM_BLOCK) ?? []).flatMap((pem) => {
      const key = p256(pem);
      return key ? [{ id: null, key }] : [];
    });
  }
  if (!keys.length) throw new Error("no ECDSA P-256 public key found");
  return keys.slice(0, MAX_KEYS);
}

const cache = perProcess("leakReportKeys", () => ({ source: "", keys: [] as ReportKey[] }));

/** The configured keys (re-read when the setting changes), or [] when none is configured or readable. */
export function reportKeys(): ReportKey[] {
  const inline = envStrOpt("LEAK_REPORT_PUBLIC_KEYS");
  const file = envStrOpt("LEAK_REPORT_PUBLIC_KEYS_FILE");
  let text = inline ?? "";
  if (!inline && file) {
    try {
      text = fs.readFileSync(file, "utf8");
    } catch {
      text = "";
    }
  }
  if (text !== cache.source) {
    cache.source = text;
    try {
      cache.keys = text ? parseReportKeys(text) : [];
    } catch {
      cache.keys = [];
    }
  }
  return cache.keys;
}

/** Whether `signature` (base64 DER ECDSA) over the raw body verifies with the named key (or any unnamed one). */
export function signatureValid(keys: ReportKey[], body: Buffer, keyId: string, signature: string): boolean {
  if (!/^[A-Za-z0-9+/]{8,200}={0,2}$/.test(signature)) return false;
  const sig = Buffer.from(signature, "base64");
  const candidates = keys.filter((k) => k.id === null || k.id === keyId);
  return candidates.some((k) => {
    try {
      return verify("sha256", body, { key: k.key, dsaEncoding: "der" }, sig);
    } catch {
      return false;
    }
  });
}

/** The report's parsed JSON (shape not yet checked), or why it was refused. */
export type ReportCheck = Result<unknown, "UNAUTHORIZED" | "INVALID_REQUEST" | "SERVICE_UNAVAILABLE">;

/**
 * Checks a report before anything is read from it: keys configured, both headers present, the
 * signature valid over the raw bytes, then the body JSON. A refusal changes nothing.
 */
export function checkReport(body: Buffer, keyId: string | null, signature: string | null): ReportCheck {
  const keys = reportKeys();
  if (!keys.length)
    return {
      ok: false,
      code: "SERVICE_UNAVAILABLE",
      message: "Leak reports are not configured on this server",
    };
  if (!keyId || !signature)
    return {
      ok: false,
      code: "UNAUTHORIZED",
      message: "Github-Public-Key-Identifier and Github-Public-Key-Signature headers required",
    };
  if (keyId.length > 200 || !signatureValid(keys, body, keyId, signature))
    return { ok: false, code: "UNAUTHORIZED", message: "Invalid signature" };
  try {
    return { ok: true, value: JSON.parse(body.toString("utf8")) };
  } catch {
    return { ok: false, code: "INVALID_REQUEST", message: "The body is not JSON" };
  }
}
