// `statline login`: loopback + paste at the same time when a local browser can be used, paste +
// poll over SSH, in CI or without a display (Fly.io cli_sessions style). The first to deliver wins.
import os from "node:os";
import readline from "node:readline";
import { requestToken, startSession } from "./api.mjs";
import { headlessReason, openBrowser } from "./detect.mjs";
import { startLoopback } from "./loopback.mjs";
import { deliverKey, fail, say } from "./output.mjs";
import { CODE_PATTERN, createPkce, createState } from "./pkce.mjs";
import { pollForKey } from "./poll.mjs";

/** Which delivery paths to run for --mode auto|loopback|paste|poll. */
export function resolveMode(mode, headless) {
  if (mode === "auto")
    return headless ? { paste: true, poll: true } : { loopback: true, paste: true, browser: true };
  if (mode === "loopback") return { loopback: true, paste: true, browser: !headless };
  if (mode === "paste") return { paste: true };
  if (mode === "poll") return { poll: true };
  return null;
}

export function sessionRequest(flags, challenge) {
  return {
    code_challenge: challenge,
    code_challenge_method: "S256",
    client_name: flags.client ?? "statline CLI",
    environment: flags.environment,
    key_name: flags.name ?? `statline CLI on ${os.hostname()}`.slice(0, 64),
  };
}

export async function login(flags) {
  const headless = headlessReason();
  const mode = resolveMode(flags.mode, headless);
  if (!mode)
    return fail({ code: "invalid_request", message: "--mode must be auto, loopback, paste or poll" }, flags);
  const { verifier, challenge } = createPkce();
  const state = createState();
  let finish;
  const outcome = new Promise((resolve) => (finish = resolve));
  // One exchange at a time, and none after success: a second use of the code would be treated
  // as a replay and revoke the key we just got.
  let done = false;
  let queue = Promise.resolve();
  const exchange = (body) => {
    const attempt = queue.then(async () => {
      if (done) return null;
      const result = await requestToken(flags.baseUrl, body);
      if (result.ok) done = true;
      return result;
    });
    queue = attempt.catch(() => {});
    return attempt;
  };

  const listener = mode.loopback
    ? await startLoopback(state, async (delivered) => {
        if (delivered.error) {
          const error = {
            code: delivered.error,
            message:
              delivered.error === "access_denied"
                ? "The request was denied in the browser"
                : "The browser reported an error",
          };
          return { ok: false, message: error.message, settle: () => finish({ ok: false, error }) };
        }
        const result = await exchange({ code: delivered.code, code_verifier: verifier });
        if (result === null) return { ok: true };
        // Finish only after the browser got its page: finishing may exit the process.
        return result.ok
          ? { ok: true, settle: () => finish(result) }
          : { ok: false, message: result.error.message, settle: () => finish(result) };
      })
    : null;
  const started = await startSession(flags.baseUrl, {
    ...sessionRequest(flags, challenge),
    ...(listener ? { redirect_uri: listener.redirectUri, state } : {}),
  });
  if (!started.ok) {
    listener?.close();
    return fail(started.error, flags);
  }
  const session = started.data;
  const expiresAt = Date.now() + session.expires_in * 1000;
  say(
    `Open this URL in a browser where you are signed in to Statline, and approve the request:\n\n  ${session.verification_url}\n`,
  );
  say(`Check that the page shows the code ${session.user_code}.`);
  if (mode.browser) {
    say("Opening your browser…");
    openBrowser(session.verification_url);
  } else if (headless && flags.mode === "auto") {
    say(`No local browser (${headless}): open the URL on any device.`);
  }

  let lines = null;
  if (mode.paste) {
    say("Waiting for approval. If the page shows a code, paste it here and press Enter:");
    lines = readline.createInterface({ input: process.stdin, terminal: false });
    lines.on("line", async (line) => {
      const code = line.trim();
      if (!code || done) return;
      if (!CODE_PATTERN.test(code))
        return say("That is not a Statline authorization code (32 letters and digits); try again:");
      const result = await exchange({ code, code_verifier: verifier });
      if (result === null) return;
      // A mistyped code can be retried; any other refusal is final.
      if (!result.ok && /^Invalid authorization code/.test(result.error.message))
        return say(`${result.error.message}; try again:`);
      finish(result);
    });
    lines.on("close", () => {
      if (!mode.loopback && !mode.poll)
        finish({
          ok: false,
          error: { code: "invalid_request", message: "Input closed before a code was pasted" },
        });
    });
  } else {
    say("Waiting for approval…");
  }
  if (mode.poll) {
    const args = {
      baseUrl: flags.baseUrl,
      sessionId: session.session_id,
      verifier,
      interval: session.interval,
      expiresAt,
    };
    pollForKey({ ...args, exchange, isDone: () => done }).then((result) => result && finish(result));
  }
  const timer = setTimeout(
    () =>
      finish({
        ok: false,
        error: { code: "expired_token", message: "The login request expired; start again" },
      }),
    session.expires_in * 1000,
  );

  const result = await outcome;
  clearTimeout(timer);
  lines?.close();
  listener?.close();
  if (!result.ok) return fail(result.error, flags);
  deliverKey(result.data, flags.baseUrl, flags);
  return 0;
}
