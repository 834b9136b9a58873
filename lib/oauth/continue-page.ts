import { escapeHtml as escape } from "../util/html";

/**
 * The consent's answer: a page that sends the browser on to the client's redirect URI. Not a 303:
 * CSP form-action also governs a form post's redirect, and a redirect URI may be any https host or
 * an app's own scheme (cursor://), which no static policy can list; a meta refresh and a link are
 * ordinary navigations.
 */
export function continuePage(opts: { title: string; message: string; target: string }): Response {
  const target = escape(opts.target);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><meta http-equiv="refresh" content="0;url=${target}">
<title>${escape(opts.title)} · Statline</title>
<style>
body{font-family:system-ui,sans-serif;background:#f8fafc;margin:0;padding:4rem 1rem;color:#0f172a;line-height:1.5}
main{max-width:36rem;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.5rem 1.75rem}
.brand{font-weight:600;color:#047857;margin:0 0 1rem}h1{font-size:1.5rem;margin:0 0 .5rem}
a#continue{display:inline-block;margin-top:.5rem;padding:.5rem 1rem;border-radius:.375rem;background:#047857;color:#fff;font-weight:500;text-decoration:none}
a#continue:focus-visible{outline:2px solid #059669;outline-offset:2px}
</style></head>
<body><main><p class="brand">Statline</p><h1>${escape(opts.title)}</h1><p>${escape(opts.message)}</p>
<p><a id="continue" href="${target}">Return to the app</a></p></main></body></html>`;
  return new Response(html, {
    status: 200,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}
