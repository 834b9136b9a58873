"use client";

import Link from "next/link";
import { useSyncExternalStore } from "react";
import { CopyButton } from "../ui/CopyButton";

const noop = () => () => {};

/** A curl line for the user's own host and key prefix; the secret part stays a placeholder. */
export function QuickStart({ prefix }: { prefix: string | null }) {
  // The page's own origin, read after hydration so the server render needs no request headers.
  const origin = useSyncExternalStore(noop, () => window.location.origin, () => "http://localhost:3000");
  const key = `${prefix ?? "sk_test_XXXXXXXX"}…`;
  const command = `curl -H "X-API-Key: ${key}" ${origin}/v1/teams`;
  return (
    <ol className="space-y-5 text-sm text-slate-700">
      <li className="flex gap-3">
        <Step n={1} />
        <div>
          <p className="font-medium text-slate-900">{prefix ? "You have a key" : "Create an API key"}</p>
          <p className="mt-0.5 text-slate-600">
            {prefix ? (
              <>
                Using <code className="rounded bg-slate-100 px-1 font-mono text-[13px]">{prefix}…</code>; manage keys on the{" "}
                <Link href="/dashboard/keys" className="font-medium text-emerald-700 underline-offset-2 hover:underline">
                  API keys
                </Link>{" "}
                page.
              </>
            ) : (
              <>
                Go to{" "}
                <Link href="/dashboard/keys" className="font-medium text-emerald-700 underline-offset-2 hover:underline">
                  API keys
                </Link>{" "}
                and create a test key. Copy it when it is shown: that is the only time.
              </>
            )}
          </p>
        </div>
      </li>
      <li className="flex gap-3">
        <Step n={2} />
        <div className="min-w-0 flex-1">
          <p className="font-medium text-slate-900">Make your first request</p>
          <p className="mt-0.5 text-slate-600">Replace the “…” with the rest of your key.</p>
          <div className="mt-2 flex items-start gap-2 rounded-lg bg-slate-900 p-3 pl-4">
            <pre className="min-w-0 flex-1 overflow-x-auto py-1 font-mono text-[13px] leading-relaxed text-slate-100">
              <code>{command}</code>
            </pre>
            <CopyButton text={command} size="sm" variant="dark" />
          </div>
        </div>
      </li>
      <li className="flex gap-3">
        <Step n={3} />
        <div>
          <p className="font-medium text-slate-900">Explore the API</p>
          <p className="mt-0.5 text-slate-600">
            Competitions, contests, persons, standings, odds history and more: see the{" "}
            <a href="/docs" className="font-medium text-emerald-700 underline-offset-2 hover:underline">
              API reference
            </a>
            .
          </p>
        </div>
      </li>
    </ol>
  );
}

function Step({ n }: { n: number }) {
  return (
    <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-600/20" aria-hidden="true">
      {n}
    </span>
  );
}
