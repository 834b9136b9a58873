// RFC 8252 loopback redirect: a one-shot HTTP listener on 127.0.0.1 at a random port. The browser
// brings the code here after approval. Requests are never logged (their URLs carry the code).
import http from "node:http";
import { sameSecret } from "./pkce.mjs";

const page = (title, text) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">` +
  `<title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto">` +
  `<h1>${title}</h1><p>${text}</p></body></html>`;

/**
 * Starts the listener. onResult({code}|{error}) is called for a callback carrying the right state
 * and must resolve to {ok, message, settle?}; the outcome is shown in the browser tab, and only
 * once that response has been sent is settle() called (it may end the process).
 */
export async function startLoopback(state, onResult) {
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const send = (status, title, text, then) => {
      res.writeHead(status, {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "no-store",
        Connection: "close",
      });
      res.end(page(title, text), then);
    };
    if (req.method !== "GET" || url.pathname !== "/callback") return send(404, "Not found", "Nothing here.");
    // A callback without our state was not caused by our request (login CSRF): ignore it.
    if (!sameSecret(url.searchParams.get("state"), state)) {
      return send(
        400,
        "Unexpected request",
        "This callback does not belong to the waiting login; it was ignored.",
      );
    }
    const code = url.searchParams.get("code");
    const error = url.searchParams.get("error");
    const outcome = await onResult(code ? { code } : { error: error ?? "invalid_request" });
    const settle = () => outcome.settle?.();
    if (outcome.ok)
      send(
        200,
        "Statline CLI signed in",
        "The key was delivered to your terminal. You can close this tab.",
        settle,
      );
    else send(400, "Statline CLI login failed", outcome.message.replace(/[<>&]/g, ""), settle);
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address();
  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    close: () => server.close(),
  };
}
