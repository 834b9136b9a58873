// `statline login --start` / `--complete`: the two-step form for agents that cannot hold a prompt
// open (Stripe CLI style). The verifier waits in a 0600 file between the two commands.
import { startSession } from "./api.mjs";
import { sessionRequest } from "./login.mjs";
import { deliverKey, fail, printJson, say } from "./output.mjs";
import { createPkce } from "./pkce.mjs";
import { pollForKey } from "./poll.mjs";
import { loadPending, removePending, savePending } from "./store.mjs";

export async function startTwoStep(flags) {
  const { verifier, challenge } = createPkce();
  const started = await startSession(flags.baseUrl, sessionRequest(flags, challenge));
  if (!started.ok) return fail(started.error, flags);
  const s = started.data;
  const expiresAt = new Date(Date.now() + s.expires_in * 1000).toISOString();
  savePending({
    base_url: flags.baseUrl,
    session_id: s.session_id,
    code_verifier: verifier,
    user_code: s.user_code,
    expires_at: expiresAt,
    interval: s.interval,
  });
  const nextStep = `Ask the user to open url, check that it shows ${s.user_code} and approve; then run \`statline login --complete\` (it waits for the approval until expires_at).`;
  if (flags.json)
    printJson({
      url: s.verification_url,
      user_code: s.user_code,
      expires_at: expiresAt,
      next_step: nextStep,
    });
  else
    say(`Open ${s.verification_url} and approve (code ${s.user_code}), then run: statline login --complete`);
  return 0;
}

export async function completeTwoStep(flags) {
  const pending = loadPending();
  if (!pending?.session_id || !pending.code_verifier) {
    return fail(
      { code: "no_pending_login", message: "No pending login; run `statline login --start` first" },
      flags,
    );
  }
  const result = await pollForKey({
    baseUrl: pending.base_url,
    sessionId: pending.session_id,
    verifier: pending.code_verifier,
    interval: pending.interval ?? 5,
    expiresAt: Date.parse(pending.expires_at),
    immediate: true,
    once: Boolean(flags["no-wait"]),
    onInterval: (interval) => savePending({ ...pending, interval }),
  });
  if (result.pending) {
    if (flags.json) printJson({ status: "authorization_pending", interval: result.interval });
    say(`Not approved yet; run \`statline login --complete\` again in ${result.interval} s.`);
    return 2;
  }
  removePending();
  if (!result.ok) return fail(result.error, flags);
  deliverKey(result.data, pending.base_url, flags);
  return 0;
}
