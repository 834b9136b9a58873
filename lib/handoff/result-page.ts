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
  const link = opts.link ? `<p><a href="${escape(opts.link[0])}">${escape(opts.link[1])}</a></p>` : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escape(opts.title)} · Statline</title>
<style>
body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1.5rem;color:#0f172a}
h1{font-size:1.5rem}.muted{color:#475569;font-size:.9rem}
code#authorization-code{display:inline-block;font:1.25rem ui-monospace,monospace;padding:.75rem 1rem;background:#f1f5f9;border:1px solid #cbd5e1;border-radius:.375rem;user-select:all;word-break:break-all}
</style></head>
<body><main><h1>${escape(opts.title)}</h1><p>${escape(opts.message)}</p>${code}${link}</main></body></html>`;
  return new Response(html, {
    status: opts.status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}
