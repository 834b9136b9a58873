import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { perProcess } from "../platform/process-state";
import { envInt } from "../platform/config";
import { ApiError } from "../platform/errors";

// scrypt parameters (OWASP: N=2^17, r=8, p=1); stored with the hash so they can be raised later.
const N = 1 << 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

// Each scrypt at N=2^17, r=8 holds 128 MiB: 8 parallel guessers took RSS up by 1 GiB and the
// dashboard's latency from 12 ms to 1.6 s. At most HASH_CONCURRENCY hashes run at once (default 2,
// one per core here); up to HASH_QUEUE_MAX more wait, and past that callers get HashBusyError.
const MAX_RUNNING = envInt("HASH_CONCURRENCY");
const MAX_WAITING = envInt("HASH_QUEUE_MAX");
// One address may hold at most HASH_PER_ADDRESS_MAX (4) running or waiting hashes: 40 parallel
// sign-ins from two addresses filled the whole queue and a third address got 503.
const PER_ADDRESS = envInt("HASH_PER_ADDRESS_MAX");

/** Too many password hashes already queued: answer 503 with Retry-After, do not hash. */
/** Saturated: a 503 with Retry-After through the route wrapper, never a 500. */
export class HashBusyError extends ApiError {
  constructor() {
    super("SERVICE_UNAVAILABLE", "The server is busy. Try again in a moment.", { "Retry-After": "1" });
  }
}

const gate = perProcess("password-hash-gate", () => ({
  running: 0,
  waiting: [] as (() => void)[],
  perAddress: new Map<string, number>(),
}));

/** Runs `work` in a hash slot; `address` (the client IP, when known) gets its fair share only. */
export async function withHashSlot<T>(work: () => Promise<T>, address: string | null = null): Promise<T> {
  const held = address ? (gate.perAddress.get(address) ?? 0) : 0;
  if (address && held >= PER_ADDRESS) throw new HashBusyError();
  if (gate.running >= MAX_RUNNING && gate.waiting.length >= MAX_WAITING) throw new HashBusyError();
  if (address) gate.perAddress.set(address, held + 1);
  if (gate.running >= MAX_RUNNING) await new Promise<void>((resolve) => gate.waiting.push(resolve));
  else gate.running++;
  try {
    return await work();
  } finally {
    if (address) {
      const left = (gate.perAddress.get(address) ?? 1) - 1;
      if (left > 0) gate.perAddress.set(address, left);
      else gate.perAddress.delete(address);
    }
    // Hand the slot straight to the next waiter (running stays the same), or free it.
    const next = gate.waiting.shift();
    if (next) next();
    else gate.running--;
  }
}

function derive(
  password: string,
  salt: Buffer,
  params: [n: number, r: number, p: number],
  address: string | null,
): Promise<Buffer> {
  const [n, r, p] = params;
  const options: ScryptOptions = { N: n, r, p, maxmem: 256 * n * r };
  return withHashSlot(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
    address,
  );
}

/** "scrypt$N$r$p$salt$hash" (base64url parts). */
export async function hashPassword(password: string, address: string | null = null): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, [N, R, P], address);
  return ["scrypt", N, R, P, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

export async function verifyPassword(
  password: string,
  stored: string | null | undefined,
  address: string | null = null,
): Promise<boolean> {
  const parts = stored?.split("$");
  if (!parts || parts.length !== 6 || parts[0] !== "scrypt") {
    // Spend comparable time so a missing user is not distinguishable by timing.
    await derive(password, randomBytes(16), [N, R, P], address);
    return false;
  }
  const [, n, r, p, salt, hash] = parts;
  const expected = Buffer.from(hash, "base64url");
  const params: [number, number, number] = [Number(n), Number(r), Number(p)];
  const actual = await derive(password, Buffer.from(salt, "base64url"), params, address);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
