import { escapeHtml as escape } from "../util/html";

/** Minimal HTML for the approval form's outcome (a route handler response, not a React page). */
export function resultPage(opts: {
  status: number;
  title: string;
  message: string;
  code?: string;
  link?: [string, string];
}): Response {
  const code = opts.code
    ? `<p>If your terminal asks for a code, paste this one (valid for a short time, usable once):</p>
<p><code id="authorization-code" aria-label="Authorization code">${escape(opts.code)}</code></p>
<p class="muted">Agents polling for the result need nothing more: return to your terminal.</p>`
    : "";
  // Always a way back (issue 34: the "Approved" page at /api/agent/approve was a dead end).
  const [href, text] = opts.link ?? ["/dashboard", "Back to the dashboard"];
  const link = `<p class="back"><a href="${escape(href)}">${escape(text)}</a></p>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escape(opts.title)} · Statline</title>
<style>
body{font-family:system-ui,sans-serif;background:#f8fafc;margin:0;padding:4rem 1rem;color:#0f172a;line-height:1.5}
main{max-width:36rem;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.5rem 1.75rem;box-shadow:0 1px 2px rgb(15 23 42/.06)}
.brand{font-weight:600;color:#047857;margin:0 0 1rem}h1{font-size:1.5rem;margin:0 0 .5rem}.muted{color:#475569;font-size:.9rem}
.back a{display:inline-block;margin-top:.5rem;padding:.5rem 1rem;border-radius:.375rem;background:#047857;color:#fff;font-weight:500;text-decoration:none}
.back a:focus-visible{outline:2px solid #059669;outline-offset:2px}
code#authorization-code{display:inline-block;font:1.25rem ui-monospace,monospace;padding:.75rem 1rem;background:#f1f5f9;border:1px solid #cbd5e1;border-radius:.375rem;user-select:all;word-break:break-all}
</style></head>
<body><main><p class="brand">Statline</p><h1>${escape(opts.title)}</h1><p>${escape(opts.message)}</p>${code}${link}</main></body></html>`;
  return new Response(html, {
    status: opts.status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}
