"use client";

import Link from "next/link";
import { useSyncExternalStore } from "react";
import type { OverviewView } from "@/lib/dashboard/types";
import { hrefWithEnv } from "../hooks/useEnvironment";
import { KEY_VARIABLE } from "../logs/curl";
import { StatusBadge } from "../logs/StatusBadge";
import { CopyButton } from "../ui/CopyButton";
import { formatRelative } from "../ui/format";

const noop = () => () => {};
const link = "font-medium text-emerald-700 underline-offset-2 hover:underline";
const code = "rounded bg-slate-100 px-1 font-mono text-[13px]";

/**
 * Three steps that work when copied: the key goes into $STATLINE_API_KEY once (the display-once
 * dialog offers the export line with the full key), and the copied curl reads it from there, so it
 * never holds a placeholder. Uses a key of the frame's environment (test unless switched to live).
 */
export function QuickStart({ overview }: { overview: OverviewView }) {
  // The page's own origin, read after hydration so the server render needs no request headers.
  const origin = useSyncExternalStore(
    noop,
    () => window.location.origin,
    () => "http://localhost:3000",
  );
  const { environment: env, quickStartPrefix: prefix, lastRequest: last } = overview;
  const command = `curl -H "X-API-Key: $${KEY_VARIABLE}" ${origin}/v1/teams`;
  return (
    <ol className="space-y-5 text-sm text-slate-700">
      <li className="flex gap-3">
        <Step n={1} />
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {prefix ? `Put your ${env} key in ${KEY_VARIABLE}` : `Create a ${env} key`}
          </p>
          <p className="mt-0.5 text-slate-600">
            {prefix ? (
              <>
                Your newest {env} key starts <code className={code}>{prefix}</code>. Set it once in your
                shell:{" "}
                <code className={code}>
                  export {KEY_VARIABLE}=sk_{env}_…
                </code>{" "}
                (the full key was shown when you created it; lost it? create another on the{" "}
                <Link href={hrefWithEnv("/dashboard/keys", env)} className={link}>
                  API keys
                </Link>{" "}
                page).
              </>
            ) : (
              <>
                Go to{" "}
                <Link href={hrefWithEnv("/dashboard/keys", env)} className={link}>
                  API keys
                </Link>{" "}
                and create a {env} key. Copy the <code className={code}>export {KEY_VARIABLE}=…</code> line it
                shows: that is the only time the key is shown.
              </>
            )}
          </p>
        </div>
      </li>
      <li className="flex gap-3">
        <Step n={2} />
        <div className="min-w-0 flex-1">
          <p className="font-medium text-slate-900">{last ? "Call the API" : "Make your first request"}</p>
          <div className="mt-2 flex items-start gap-2 rounded-lg bg-slate-900 p-3 pl-4">
            <pre className="min-w-0 flex-1 whitespace-pre-wrap [overflow-wrap:anywhere] py-1 font-mono text-[13px] leading-relaxed text-slate-100">
              <code data-testid="quickstart-command">{command}</code>
            </pre>
            <CopyButton text={command} size="sm" variant="dark" />
          </div>
          {last && (
            <p
              className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-600"
              data-testid="last-request"
            >
              Last request:
              <StatusBadge status={last.status} />
              <code className={code}>
                {last.method} {last.endpoint}
              </code>
              <span>{formatRelative(last.at)}</span>
              <Link
                href={hrefWithEnv(`/dashboard/logs?id=${encodeURIComponent(last.requestId)}`, env)}
                className={link}
              >
                View in Logs
              </Link>
            </p>
          )}
        </div>
      </li>
      <li className="flex gap-3">
        <Step n={3} />
        <div>
          <p className="font-medium text-slate-900">Explore the API</p>
          <p className="mt-0.5 text-slate-600">
            Competitions, contests, persons, standings, odds history and more: see the{" "}
            <a href="/docs" className={link}>
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
    <span
      className="flex size-6 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-600/20"
      aria-hidden="true"
    >
      {n}
    </span>
  );
}
