import { ApiError, AppError, type ErrorCode } from "../platform/errors";
import { escapeHtml as escape } from "../platform/util/html";

/** The pages share one look: no React (a route handler's answer), no referrer leaves them. */
const STYLE = `body{font-family:system-ui,sans-serif;background:#f8fafc;margin:0;padding:4rem 1rem;color:#0f172a;line-height:1.5}
main{max-width:36rem;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.5rem 1.75rem;box-shadow:0 1px 2px rgb(15 23 42/.06)}
.brand{font-weight:600;color:#047857;margin:0 0 1rem}h1{font-size:1.5rem;margin:0 0 .5rem}.muted{color:#475569;font-size:.9rem}
.back a,a#continue{display:inline-block;margin-top:.5rem;padding:.5rem 1rem;border-radius:.375rem;background:#047857;color:#fff;font-weight:500;text-decoration:none}
.back a:focus-visible,a#continue:focus-visible{outline:2px solid #059669;outline-offset:2px}
code#authorization-code{display:inline-block;font:1.25rem ui-monospace,monospace;padding:.75rem 1rem;background:#f1f5f9;border:1px solid #cbd5e1;border-radius:.375rem;user-select:all;word-break:break-all}
button#copy-code{margin-left:.5rem;min-height:2.25rem;padding:.375rem .875rem;border:1px solid #cbd5e1;border-radius:.375rem;background:#fff;color:#0f172a;font:inherit;font-size:.9rem;cursor:pointer}
button#copy-code:focus-visible{outline:2px solid #059669;outline-offset:2px}`;

/**
 * The result page's script: the code's Copy button, and the address bar moved off the form's POST
 * URL (`replaceUrl`), so a reload or Back asks the approval page again instead of re-sending the form.
 */
function resultScript(replaceUrl: string | undefined): string {
  const replace = replaceUrl
    ? `history.replaceState(null,"",${JSON.stringify(replaceUrl).replace(/</g, "\\u003c")});`
    : "";
  return `<script>${replace}(()=>{const b=document.getElementById("copy-code");if(!b)return;b.hidden=false;b.addEventListener("click",async()=>{try{await navigator.clipboard.writeText(document.getElementById("authorization-code").textContent);b.textContent="Copied";}catch{b.textContent="Select the code to copy it";}});})();</script>`;
}

function page(status: number, title: string, head: string, main: string): Response {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer">${head}<title>${escape(title)} · Statline</title>
<style>
${STYLE}
</style></head>
<body><main><p class="brand">Statline</p><h1>${escape(title)}</h1>${main}</main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}

/** The outcome of a consent form post (approved, denied, refused), with a way back. */
export function resultPage(opts: {
  status: number;
  title: string;
  message: string;
  code?: string;
  link?: readonly [string, string];
  /** Where the address bar should say the browser is (a GET page), instead of the form's URL. */
  replaceUrl?: string;
}): Response {
  // The Copy button stays hidden without script (selecting the code copies it: user-select: all).
  const code = opts.code
    ? `<p>If your terminal asks for a code, paste this one (valid for a short time, usable once):</p>
<p><code id="authorization-code" aria-label="Authorization code">${escape(opts.code)}</code><button type="button" id="copy-code" hidden>Copy code</button></p>
<p class="muted">Agents polling for the result need nothing more: return to your terminal.</p>`
    : "";
  const [href, text] = opts.link ?? ["/dashboard", "Back to the dashboard"];
  const link = `<p class="back"><a href="${escape(href)}">${escape(text)}</a></p>`;
  const script = opts.code || opts.replaceUrl ? resultScript(opts.replaceUrl) : "";
  return page(opts.status, opts.title, "", `<p>${escape(opts.message)}</p>${code}${link}${script}`);
}

/**
 * The OAuth consent's answer: a page that sends the browser on to the client's redirect URI. Not a
 * 303: CSP form-action also governs a form post's redirect, and a redirect URI may be any https host
 * or an app's own scheme (cursor://), which no static policy can list; a meta refresh and a link
 * are ordinary navigations.
 */
export function continuePage(opts: { title: string; message: string; target: string }): Response {
  const target = escape(opts.target);
  return page(
    200,
    opts.title,
    `<meta http-equiv="refresh" content="0;url=${target}">\n`,
    `<p>${escape(opts.message)}</p>\n<p><a id="continue" href="${target}">Return to the app</a></p>`,
  );
}

/** An error a browser form post shows as a page: the ApiError's code and status, and a heading. */
export class PageError extends ApiError {
  constructor(
    code: ErrorCode,
    readonly title: string,
    message: string,
    readonly link?: readonly [string, string],
  ) {
    super(code, message);
  }
}

/**
 * The page for a failure of an HTML route (`route({ errors: "html" })`): a PageError as it says, a
 * missing session as "Sign in first" with a link to sign in, any other refusal as "Request refused"
 * with its message, anything else as a 500 that says nothing was approved.
 */
export function failurePage(err: unknown): Response {
  if (err instanceof PageError)
    return resultPage({ status: err.status, title: err.title, message: err.message, link: err.link });
  if (!(err instanceof AppError) || err.status >= 500)
    return resultPage({
      status: 500,
      title: "Something went wrong",
      message: "Nothing was approved. Try again.",
    });
  if (err.status === 401)
    return resultPage({
      status: 401,
      title: "Sign in first",
      message: "Your session has ended.",
      link: ["/signin", "Sign in"],
    });
  return resultPage({ status: err.status, title: "Request refused", message: err.message });
}
