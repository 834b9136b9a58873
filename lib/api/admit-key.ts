import type { AuthFailure, Caller } from "../keys/caller";
import { metrics } from "../platform/metrics";
import type { RequestTrace } from "../requestlog/record";
import { usage, type Admission } from "../usage";
import { authenticate } from "./auth";
import type { ApiError } from "../platform/errors";
import { refusalError } from "./refusals";
import type { ApiRequest } from "./types";

/** A key that did not authenticate: counted (metrics, the account's usage) and kept on the trace. */
export function countRefusedKey(trace: RequestTrace, failure: AuthFailure): void {
  metrics.authFailure(failure.reason);
  usage.authFailed(failure);
  trace.failure = failure;
}

/** What the key step leaves for the error path: who called, and the admission to settle. */
export interface KeyState {
  caller: Caller | null;
  admission?: Admission;
  limit: Record<string, string>;
}

/**
 * The key step of /ingest/v1 and /sandbox/v1, the one /v1 runs (lib/api/pipeline.ts spells it
 * without promises for a cache hit's sake): authenticate, judge the key's rights, admit (rate
 * limit, quota), then answer a refusal. A denied call is admitted at 0 units and its 403 answered
 * after the rate limit, as Stripe does: a flood of denied calls is throttled like any other, and a
 * spent quota never hides the 403.
 */
export async function admitKey(
  req: ApiRequest,
  trace: RequestTrace,
  state: KeyState,
  units: number,
  judge: (caller: Caller) => ApiError | null,
): Promise<Caller> {
  const auth = await authenticate(req);
  if (!auth.ok) {
    countRefusedKey(trace, auth.failure);
    throw auth.error;
  }
  const caller = (state.caller = trace.caller = auth.caller);
  const denied = judge(caller);
  const pending = usage.admit(caller, denied ? 0 : units);
  const admission = (state.admission = pending instanceof Promise ? await pending : pending);
  state.limit = admission.headers;
  if (!admission.ok) throw refusalError(admission.refusal);
  if (denied) throw denied;
  return caller;
}
