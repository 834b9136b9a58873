import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { ApiReference } from "@/components/docs/ApiReference";
import { CopyButton } from "@/components/docs/CopyButton";
import { RECORDS } from "@/lib/api/endpoints/docs";
import { buildOpenApi } from "@/lib/api/openapi";
import { openApiExtensions } from "@/lib/api/openapi-extra";
import { routes } from "@/lib/api/routes";
import { getCurrentUser } from "@/lib/auth/session";
import { listKeyViews } from "@/lib/dashboard/keys";
import { db } from "@/lib/db";

export const metadata: Metadata = { title: "API reference" };

/** Public page: quick-start curl lines for this server, then the reference rendered from /v1/openapi.json. */
export default async function DocsPage() {
  const h = await headers();
  const host = h.get("host") ?? "localhost:3000";
  const proto = h.get("x-forwarded-proto") ?? "http";
  const base = `${proto}://${host}`;
  // A signed-in user sees their newest active key's prefix as the hint (never a demo token).
  const user = await getCurrentUser();
  const key = user ? (await listKeyViews(db, user.accountId)).find((k) => !k.revokedAt) : undefined;
  const keyHint = key ? `${key.prefix}…` : "sk_test_…";
  const examples = [
    ["List competitions", `curl -H "X-API-Key: $STATLINE_API_KEY" ${base}/v1/competitions`],
    [
      "Search persons (Bearer works too)",
      `curl -H "Authorization: Bearer $STATLINE_API_KEY" "${base}/v1/persons?q=mbappe&limit=5"`,
    ],
    [
      "Fixtures of a competition's current season",
      `curl -H "X-API-Key: $STATLINE_API_KEY" "${base}/v1/contests?competition=1"`,
    ],
    ["League table", `curl -H "X-API-Key: $STATLINE_API_KEY" "${base}/v1/standings?competition=1"`],
    [
      "Odds history, hourly, then follow data.next_cursor",
      `curl -H "X-API-Key: $STATLINE_API_KEY" "${base}/v1/contests/1/odds/history?interval=1h&limit=100"`,
    ],
    [
      "Top scorers",
      `curl -H "X-API-Key: $STATLINE_API_KEY" "${base}/v1/analysis/stat-board?competition=1&stat=goals"`,
    ],
  ];
  return (
    <main>
      <header className="mx-auto max-w-5xl px-6 pt-10">
        <nav aria-label="Site" className="flex items-center justify-between gap-4">
          <Link href="/" className="text-sm font-semibold uppercase tracking-wide text-emerald-800">
            Statline
          </Link>
          <Link href="/dashboard" className="text-sm font-medium text-emerald-800 underline">
            Back to the dashboard
          </Link>
        </nav>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">API reference</h1>
        <p className="mt-3 max-w-3xl text-slate-600">
          Every <code>/v1</code> request carries an API key in <code>X-API-Key</code> or{" "}
          <code>Authorization: Bearer</code>. Responses are <code>{"{data, meta}"}</code>; errors are{" "}
          <code>{"{error: {code, message}}"}</code>. The machine-readable document is public at{" "}
          <a className="text-emerald-800 underline" href="/v1/openapi.json">
            /v1/openapi.json
          </a>
          ; agents read{" "}
          <a className="text-emerald-800 underline" href="/llms.txt">
            /llms.txt
          </a>{" "}
          and{" "}
          <a className="text-emerald-800 underline" href="/llms-full.txt">
            /llms-full.txt
          </a>
          .
        </p>
      </header>
      <section aria-labelledby="quick-start" className="mx-auto mt-8 max-w-5xl px-6">
        <h2 id="quick-start" className="text-xl font-semibold">
          Quick start
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-slate-700">
          <li>
            Create a key on the{" "}
            <Link className="text-emerald-800 underline" href="/dashboard">
              dashboard
            </Link>{" "}
            (a test key costs nothing to try).
          </li>
          <li>
            Set it in your shell: <code>export STATLINE_API_KEY={keyHint}</code>
            {key ? (
              <span className="text-sm text-slate-600">
                {" "}
                (your key &ldquo;{key.name}&rdquo;; paste the whole key)
              </span>
            ) : null}
          </li>
          <li>Copy a line below and run it.</li>
        </ol>
        <ul className="mt-4 space-y-3">
          {examples.map(([title, cmd]) => (
            <li key={title}>
              <p className="text-sm font-medium text-slate-700">{title}</p>
              <div className="mt-1 flex items-start gap-3 rounded-lg bg-slate-900 p-3">
                <code tabIndex={0} className="flex-1 overflow-x-auto whitespace-pre text-sm text-slate-100">
                  {cmd}
                </code>
                <CopyButton text={cmd} />
              </div>
            </li>
          ))}
        </ul>
      </section>
      <ApiReference doc={buildOpenApi(routes, RECORDS, openApiExtensions)} />
    </main>
  );
}
