import type { Environment } from "./format";

/** The authenticated caller, resolved from the API key. */
export interface Caller {
  keyId: string;
  accountId: string;
  prefix: string;
  environment: Environment;
  plan: string;
}

/** Why a key did not authenticate; "invalid_secret" and "revoked" resolve to an account. */
export type AuthFailure =
  | { reason: "missing" | "malformed" | "unknown_prefix" | "backend_unavailable" | "throttled" }
  | { reason: "invalid_secret" | "revoked"; accountId: string; prefix: string };
