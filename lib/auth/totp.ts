import { createHash, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { updateUser } from "../accounts/store";
import { recordAudit } from "../audit/store";
import type { Db } from "../platform/db";
import { seal, unseal } from "./seal";
import * as store from "./store/second-factor";

/**
 * Optional TOTP two-factor sign-in (RFC 6238: SHA-1, 6 digits, 30 s, as every authenticator app
 * reads it) with 10 one-time recovery codes. The secret is stored AES-256-GCM encrypted under a
 * key derived from NEXTAUTH_SECRET (a database dump alone yields no working second factor);
 * recovery codes are stored as SHA-256 hashes. Sealing: lib/auth/seal.ts.
 */
const ISSUER = "Statline";
const RECOVERY_CODES = 10;

const sealSecret = (plain: string) => seal("totp", plain);
const open = (sealed: string) => unseal("totp", sealed);

const totpFor = (base32: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(base32),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
  });

const STEP_MS = 30_000;

/** The time step a 6-digit code belongs to, accepted one step either side for clock drift; else null. */
function matchedStep(base32: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(base32, "x").validate({ token, window: 1, timestamp: now });
  return delta === null ? null : Math.floor(now / STEP_MS) + delta;
}

const hashCode = (code: string) =>
  createHash("sha256")
    .update(code.replace(/[\s-]+/g, "").toLowerCase())
    .digest("base64url");

export interface TotpStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

export async function totpStatus(db: Db, userId: string): Promise<TotpStatus> {
  const user = await store.totpColumns(db, userId);
  const left = await store.unusedRecoveryCodes(db, userId);
  return { enabled: Boolean(user?.totpEnabledAt), recoveryCodesLeft: user?.totpEnabledAt ? left : 0 };
}

/** Step 1: a fresh secret (not yet in force) for the app; shown once as text and an otpauth:// URI. */
export async function beginTotpSetup(db: Db, user: { id: string; email: string }) {
  const current = await store.totpColumns(db, user.id);
  if (current?.totpEnabledAt) return { ok: false as const, reason: "already_enabled" as const };
  const secret = new Secret({ size: 20 }).base32;
  await updateUser(db, user.id, { totpSecret: sealSecret(secret) });
  return { ok: true as const, secret, uri: totpFor(secret, user.email).toString() };
}

type Audit = { accountId: string; ip: string | null; userAgent: string | null };

/** Step 2: a valid code turns two-factor on and returns the recovery codes (shown once). */
export async function enableTotp(db: Db, userId: string, code: string, audit: Audit) {
  const user = await store.totpColumns(db, userId);
  if (user?.totpEnabledAt) return { ok: false as const, reason: "already_enabled" as const };
  const secret = user?.totpSecret ? open(user.totpSecret) : null;
  const step = secret ? matchedStep(secret, code) : null;
  if (step === null) return { ok: false as const, reason: "invalid_code" as const };
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const raw = randomBytes(8).toString("hex");
    return `${raw.slice(0, 8)}-${raw.slice(8)}`;
  });
  await db.$transaction(async (tx) => {
    await store.replaceRecoveryCodes(tx, userId, codes.map(hashCode));
    // The confirming code is spent: it cannot also sign in.
    await updateUser(tx, userId, { totpEnabledAt: new Date(), totpLastStep: step });
    await recordAudit(tx, {
      ...audit,
      actorUserId: userId,
      action: "2fa.enabled",
      targetType: "user",
      targetId: userId,
    });
  });
  return { ok: true as const, recoveryCodes: codes };
}

/**
 * The second factor at sign-in (or to turn it off): a current TOTP code, good once per time step
 * and only for a step later than the last one accepted (RFC 6238 §5.2; stored in totpLastStep,
 * compared and set in one UPDATE so two racing uses of one code: one wins), or an unused recovery
 * code, which is spent the same way. Callers throttle attempts (lib/auth/second-factor.ts).
 */
export async function checkSecondFactor(db: Db, userId: string, code: string): Promise<boolean> {
  const user = await store.totpColumns(db, userId);
  if (!user?.totpEnabledAt || !user.totpSecret) return false;
  const secret = open(user.totpSecret);
  const step = secret ? matchedStep(secret, code) : null;
  if (step !== null) return store.takeTotpStep(db, userId, step);
  if (code.length > 40) return false;
  return store.spendRecoveryCode(db, userId, hashCode(code));
}

/** Turns two-factor off (needs a valid code or recovery code); deletes the secret and codes. */
export async function disableTotp(db: Db, userId: string, code: string, audit: Audit): Promise<boolean> {
  if (!(await checkSecondFactor(db, userId, code))) return false;
  await db.$transaction(async (tx) => {
    await store.deleteRecoveryCodes(tx, userId);
    await updateUser(tx, userId, { totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    await recordAudit(tx, {
      ...audit,
      actorUserId: userId,
      action: "2fa.disabled",
      targetType: "user",
      targetId: userId,
    });
  });
  return true;
}
