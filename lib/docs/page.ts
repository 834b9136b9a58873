import { etagOf, matchesEtag } from "../api/encoding";
import { RECORDS } from "../api/endpoints/docs";
import { buildOpenApi } from "./openapi";
import { openApiExtensions } from "./openapi-extra";
import { routes } from "../api/routes";
import { perProcess } from "../platform/process-state";
import { html, trusted, type Html } from "../platform/util/html";
import { apiReference } from "./reference";
import { compileStyles } from "./styles";

/**
 * /docs as one HTML response with no framework JavaScript: the markup, its stylesheet inlined, and
 * a 0.4 KB inline script for the copy buttons (the CSP allows inline scripts; next.config.mjs). The
 * React page it replaces shipped Next's client runtime (177 KiB; Lighthouse mobile 73, TBT 610 ms)
 * for nothing but those buttons.
 */
export interface DocsContext {
  /** Origin the visitor used, for the curl lines. */
  base: string;
  /** The signed-in user's newest active key, shown as the hint (never a demo token). */
  key?: { prefix: string; name: string };
}

const link = "text-emerald-800 underline";

function examples(base: string): [string, string][] {
  const k = `-H "X-API-Key: $STATLINE_API_KEY"`;
  return [
    ["List competitions", `curl ${k} ${base}/v1/competitions`],
    [
      "Search persons (Bearer works too)",
      `curl -H "Authorization: Bearer $STATLINE_API_KEY" "${base}/v1/persons?q=mbappe&limit=5"`,
    ],
    ["Fixtures of a competition's current season", `curl ${k} "${base}/v1/contests?competition=1"`],
    ["League table", `curl ${k} "${base}/v1/standings?competition=1"`],
    [
      "Odds history, hourly, then follow data.next_cursor",
      `curl ${k} "${base}/v1/contests/1/odds/history?interval=1h&limit=100"`,
    ],
    [
      "A contest's 1X2 books: margins, no-vig probabilities, consensus, best price",
      `curl ${k} "${base}/v1/contests/1/odds/markets?market=h2h"`,
    ],
    [
      "Did 2.10 on the home side beat Pinnacle's close?",
      `curl ${k} "${base}/v1/contests/1/odds/clv?market=h2h&selection=home&odds=2.10"`,
    ],
    ["Sharpest bookmaker of a season", `curl ${k} "${base}/v1/editions/1/odds/bookmakers?market=h2h"`],
    ["Top scorers", `curl ${k} "${base}/v1/analysis/stat-board?competition=1&stat=goals"`],
    ["Find a team by name", `curl ${k} "${base}/v1/teams?q=united"`],
  ];
}

/** The sandbox: replays of finished contests on the caller's own stream and webhooks. */
function sandbox(base: string): Html {
  const cmd = `curl -X POST -H "X-API-Key: $STATLINE_API_KEY" -H "Content-Type: application/json" -d '{"contest_id": 1, "speed": 60}' ${base}/sandbox/v1/replays`;
  return html`<section aria-labelledby="sandbox" class="mx-auto mt-8 max-w-5xl px-6">
    <h2 id="sandbox" class="text-xl font-semibold">Sandbox: replay a finished match live</h2>
    <p class="mt-2 max-w-3xl text-slate-700">
      A replay plays a finished contest again on your key's <code>/v1/stream</code> and webhooks only:
      kick-off, every event and goal, each period of the clock (<code>first_half</code>,
      <code>half_time</code>, <code>second_half</code>, <code>extra_time</code>, <code>penalties</code>) and
      the final whistle, each contest in the shape of <code>GET /v1/contests/{id}</code>. Open the stream,
      then start one (speed 1 to 60); <code>DELETE /sandbox/v1/replays/{id}</code> cancels it. The document is
      at <a class="${link}" href="/sandbox/v1/openapi.json">/sandbox/v1/openapi.json</a>.
    </p>
    <div class="mt-3 flex items-start gap-3 rounded-lg bg-slate-900 p-3">
      <code tabindex="0" class="flex-1 overflow-x-auto whitespace-pre text-sm text-slate-100">${cmd}</code>
      <button
        type="button"
        data-copy="${cmd}"
        aria-label="Copy: ${cmd}"
        class="shrink-0 rounded border border-slate-600 px-2 py-1 text-xs font-medium text-slate-200 hover:bg-slate-700"
      >
        Copy
      </button>
    </div>
  </section>`;
}

const header = html`<header class="mx-auto max-w-5xl px-6 pt-10">
  <nav aria-label="Site" class="flex items-center justify-between gap-4">
    <a href="/" class="text-sm font-semibold uppercase tracking-wide text-emerald-800">Statline</a>
    <a href="/dashboard" class="text-sm font-medium text-emerald-800 underline">Back to the dashboard</a>
  </nav>
  <h1 class="mt-2 text-3xl font-bold tracking-tight">API reference</h1>
  <p class="mt-3 max-w-3xl text-slate-600">
    Every <code>/v1</code> request carries an API key in <code>X-API-Key</code> or
    <code>Authorization: Bearer</code>. Responses are <code>{data, meta}</code>; errors are
    <code>{error: {code, message}}</code>. The machine-readable document is public at
    <a class="${link}" href="/v1/openapi.json">/v1/openapi.json</a>; agents read
    <a class="${link}" href="/llms.txt">/llms.txt</a> and
    <a class="${link}" href="/llms-full.txt">/llms-full.txt</a>.
  </p>
</header>`;

function quickStart({ base, key }: DocsContext): Html {
  const hint = key ? `${key.prefix}…` : "sk_test_…";
  return html`<section aria-labelledby="quick-start" class="mx-auto mt-8 max-w-5xl px-6">
    <h2 id="quick-start" class="text-xl font-semibold">Quick start</h2>
    <ol class="mt-2 list-decimal space-y-1 pl-5 text-slate-700">
      <li>
        Create a key on the <a class="${link}" href="/dashboard">dashboard</a> (a test key costs nothing to
        try).
      </li>
      <li>
        Set it in your shell: <code>export STATLINE_API_KEY=${hint}</code>${
          key &&
          html`<span class="text-sm text-slate-600"> (your key “${key.name}”; paste the whole key)</span>`
        }
      </li>
      <li>Copy a line below and run it.</li>
    </ol>
    <ul class="mt-4 space-y-3">
      ${examples(base).map(
        ([title, cmd]) =>
          html`<li>
            <p class="text-sm font-medium text-slate-700">${title}</p>
            <div class="mt-1 flex items-start gap-3 rounded-lg bg-slate-900 p-3">
              <code tabindex="0" class="flex-1 overflow-x-auto whitespace-pre text-sm text-slate-100"
                >${cmd}</code
              >
              <button
                type="button"
                data-copy="${cmd}"
                aria-label="Copy: ${cmd}"
                class="shrink-0 rounded border border-slate-600 px-2 py-1 text-xs font-medium text-slate-200 hover:bg-slate-700"
              >
                Copy
              </button>
            </div>
          </li> `,
      )}
    </ul>
  </section>`;
}

// Clipboard API where allowed (https or localhost), a selected textarea otherwise (plain http).
const COPY_SCRIPT = `document.addEventListener("click",async(e)=>{const b=e.target.closest("button[data-copy]");if(!b)return;const t=b.dataset.copy;try{await navigator.clipboard.writeText(t)}catch{const a=document.createElement("textarea");a.value=t;document.body.appendChild(a);a.select();document.execCommand("copy");a.remove()}b.textContent="Copied";setTimeout(()=>{b.textContent="Copy"},1500)});`;

function body(ctx: DocsContext, reference: Html): Html {
  return html`<main>${header}${quickStart(ctx)}${sandbox(ctx.base)}${reference}</main>`;
}

function page(css: string, main: Html): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>API reference · Statline</title>
        <meta
          name="description"
          content="Statline API reference: authentication, quick start and every /v1 endpoint."
        />
        <link rel="icon" href="/icon.svg" type="image/svg+xml" />
        <style>
          ${trusted(css)}
        </style>
      </head>
      <body class="min-h-screen">
        ${main}
        <script>
          ${trusted(COPY_SCRIPT)};
        </script>
      </body>
    </html>`.value;
}

// Routes and their document are static, so the reference and its stylesheet are made once per
// process; only the quick start (origin, key hint) is rendered per request.
const built = perProcess("docsPage", () => ({
  value: undefined as Promise<{ css: string; reference: Html }> | undefined,
}));

function build(): Promise<{ css: string; reference: Html }> {
  return (built.value ??= (async () => {
    const reference = apiReference(buildOpenApi(routes, RECORDS, openApiExtensions));
    // With a key, so the stylesheet covers the signed-in variant's classes too.
    const sample = body({ base: "http://x", key: { prefix: "p", name: "n" } }, reference);
    return { css: await compileStyles(`<body class="min-h-screen">${sample.value}`), reference };
  })().catch((err: unknown) => {
    built.value = undefined;
    throw err;
  }));
}

/** The page for this visitor, with a strong ETag; `If-None-Match` → 304. */
export async function docsResponse(ctx: DocsContext, ifNoneMatch: string | null): Promise<Response> {
  const { css, reference } = await build();
  const text = page(css, body(ctx, reference));
  const etag = etagOf(text);
  // private, no-cache: the page names the signed-in user's key, and a revalidation costs one ETag.
  const headers = { ETag: etag, "Cache-Control": "private, no-cache", Vary: "Cookie" };
  if (matchesEtag(ifNoneMatch ?? undefined, etag)) return new Response(null, { status: 304, headers });
  return new Response(text, { headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}
