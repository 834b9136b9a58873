// Poll mode (RFC 8628 §3.4-3.5): ask for the key every `interval` seconds until approved, denied
// or expired; slow_down makes the interval longer for good.
import { requestToken } from "./api.mjs";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves {ok:true,data} with the key, {ok:false,error} on a final answer, {pending:true,interval}
 * after a single pending poll when `once`, or null when isDone() says another path already won.
 * `exchange` lets the caller serialize this poll with other exchange attempts.
 */
export async function pollForKey({
  baseUrl,
  sessionId,
  verifier,
  interval,
  expiresAt,
  immediate = false,
  once = false,
  isDone = () => false,
  exchange,
  onInterval = () => {},
}) {
  const send = exchange ?? ((body) => requestToken(baseUrl, body));
  let wait = immediate ? 0 : interval;
  for (;;) {
    if (wait) await sleep(wait * 1000);
    if (isDone()) return null;
    if (Date.now() >= expiresAt)
      return {
        ok: false,
        error: {
          code: "expired_token",
          message: "The login request expired before it was approved; start again",
        },
      };
    const result = await send({ session_id: sessionId, code_verifier: verifier });
    if (result === null) return null;
    if (result.ok) return result;
    const code = result.error.code;
    if (code === "slow_down") {
      interval = Number(result.error.interval) || interval + 5;
      onInterval(interval);
    } else if (code !== "authorization_pending" && code !== "network_error") {
      return result;
    }
    if (once) return { pending: true, interval, error: result.error };
    wait = interval;
  }
}
