import { beforeEach, expect, test, vi } from "vitest";
import type { AuthKeyRecord } from "./auth-record";

// The key row as the store answers it, one deferred read at a time.
const reads: { prefix: string; resolve: (r: AuthKeyRecord | null) => void }[] = [];
vi.mock("../platform/db", () => ({ db: {} }));
vi.mock("./auth-record", () => ({
  findKeyForAuth: (_db: unknown, prefix: string) =>
    new Promise<AuthKeyRecord | null>((resolve) => reads.push({ prefix, resolve })),
}));
vi.mock("./service", () => ({ onKeyRevoked: () => undefined }));

const { forgetKey, verifyKey } = await import("./verify");
const { hashSecret, splitKey } = await import("./format");

const KEY = "sk_test_0123456789abcdefghijABCDEFGHIJ";

function record(revoked: boolean, secret: string): AuthKeyRecord {
  return {
    caller: {
      keyId: "k1",
      accountId: "a1",
      prefix: "p",
      environment: "test",
      plan: "free",
      restrictions: null,
    },
    secretHash: hashSecret(secret),
    revoked,
    disabled: false,
    suspended: false,
    expiresAt: null,
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  reads.length = 0;
});

test("a lookup overtaken by a revocation is read again: its waiters get the revoked verdict", async () => {
  const { prefix, secret } = splitKey(KEY);
  forgetKey(prefix);
  const pending = verifyKey(prefix, secret);
  expect(reads).toHaveLength(1);
  // The revocation lands while the first read (of the row before it) is in flight.
  forgetKey(prefix);
  reads[0].resolve(record(false, secret));
  await flush();
  expect(reads).toHaveLength(2);
  reads[1].resolve(record(true, secret));
  const verdict = await pending;
  expect(verdict.ok).toBe(false);
  // Nothing stale was cached: the next request is judged on the revoked row, with no new read.
  const next = verifyKey(prefix, secret);
  expect(next instanceof Promise ? await next : next).toMatchObject({ ok: false });
  expect(reads).toHaveLength(2);
});

test("a lookup nothing overtook is cached and answers the next request without a read", async () => {
  const { prefix, secret } = splitKey(KEY);
  forgetKey(prefix);
  const pending = verifyKey(prefix, secret);
  reads[0].resolve(record(false, secret));
  expect((await pending).ok).toBe(true);
  const next = verifyKey(prefix, secret);
  expect(next instanceof Promise).toBe(false);
  expect(reads).toHaveLength(1);
});
