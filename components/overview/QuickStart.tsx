"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import type { OverviewView } from "@/lib/overview/overview";
import { hrefWithEnv, useWorkspaceId } from "../hooks/useEnvironment";
import { useCreateKeyMutation } from "../hooks/useKeysQuery";
import { KEY_VARIABLE } from "../logs/curl";
import { StatusBadge } from "../logs/StatusBadge";
import { Button } from "../ui/Button";
import { CopyButton } from "../ui/CopyButton";
import { Ago } from "../ui/Ago";
import { useSuspended } from "../workspace";

const link = "font-medium text-emerald-700 underline-offset-2 hover:underline";
const code = "rounded bg-slate-100 px-1 font-mono text-[13px]";

/**
 * A first call that cannot fail: step 1 makes the key right here, and step 2 is one block (the
 * export line with the full key, then the curl against this instance's own address) with one Copy
 * button. Before a key exists there is nothing to copy. The full key lives only in this component's
 * state (never in a query cache) and is gone when the page is left, as with the keys page's dialog.
 */
export function QuickStart({ overview }: { overview: OverviewView }) {
  const { environment: env, quickStartPrefix: prefix, lastRequest: last, baseUrl } = overview;
  const workspace = useWorkspaceId();
  const create = useCreateKeyMutation();
  const suspended = useSuspended();
  const [secret, setSecret] = useState<string | null>(null);
  const curl = `curl -H "X-API-Key: $${KEY_VARIABLE}" ${baseUrl}/v1/teams`;
  const block = secret ? `export ${KEY_VARIABLE}=${secret}\n${curl}` : curl;
  // Step 1's button disappears once the key is made: focus moves to the block's Copy button (so
  // it does not fall to <body>), which also scrolls it into view on a phone.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (secret) box.current?.querySelector("button")?.focus();
  }, [secret]);
  const makeKey = () =>
    create.mutate(
      { name: `Quick start (${env})`, environment: env },
      { onSuccess: (made) => setSecret(made.secret) },
    );
  // A suspended account's keys answer 401 and none can be made: no step here could work.
  if (suspended)
    return (
      <p className="text-sm text-slate-700" data-testid="quickstart-suspended">
        This account is suspended: its keys are refused with 401 &ldquo;Invalid API key&rdquo; and no new key
        can be made, so there is no first call to try. The notice at the top of the page says why; once the
        operator reinstates the account, the quick start is back.
      </p>
    );

  return (
    <ol className="space-y-5 text-sm text-slate-700">
      <li className="flex gap-3">
        <Step n={1} />
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {secret ? `Your ${env} key is ready` : prefix ? `Use your ${env} key` : `Create a ${env} key`}
          </p>
          <div className="mt-0.5 text-slate-600">
            {secret ? (
              <p>
                It is in the block below, <strong className="font-semibold">shown only now</strong>: Statline
                keeps just a hash. Manage it on the{" "}
                <Link href={hrefWithEnv("/dashboard/keys", env, workspace)} className={link}>
                  API keys
                </Link>{" "}
                page.
              </p>
            ) : (
              <>
                <p>
                  {prefix ? (
                    <>
                      Your newest {env} key starts <code className={code}>{prefix}</code>; its full value was
                      shown once when it was made. If it is not in your shell as{" "}
                      <code className={code}>{KEY_VARIABLE}</code>, make a new one here.
                    </>
                  ) : (
                    <>A key authenticates every call. Make one here; it is shown once, in the block below.</>
                  )}
                </p>
                <Button
                  className="mt-2"
                  size="sm"
                  variant={prefix ? "secondary" : "primary"}
                  onClick={makeKey}
                  disabled={create.isPending}
                >
                  {create.isPending
                    ? "Creating…"
                    : prefix
                      ? `Create another ${env} key`
                      : `Create a ${env} key`}
                </Button>
                {create.isError && (
                  <p role="alert" className="mt-2 text-red-700">
                    {create.error.message}
                  </p>
                )}
              </>
            )}
          </div>
        </div>
      </li>
      <li className="flex gap-3">
        <Step n={2} />
        <div className="min-w-0 flex-1">
          <p className="font-medium text-slate-900">{last ? "Call the API" : "Make your first request"}</p>
          {secret || prefix ? (
            <div
              ref={box}
              className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-start rounded-lg bg-slate-900 p-3 pl-4"
            >
              <pre className="order-2 min-w-0 flex-1 sm:order-1 whitespace-pre-wrap [overflow-wrap:anywhere] py-1 font-mono text-[13px] leading-relaxed text-slate-100">
                <code data-testid="quickstart-command">{block}</code>
              </pre>
              <CopyButton
                text={block}
                size="sm"
                variant="dark"
                className="order-1 self-end sm:order-2"
                label={secret ? "Copy both lines" : "Copy"}
              />
            </div>
          ) : (
            <p className="mt-0.5 text-slate-600">
              The command to paste into a terminal appears here once step 1 has made a key.
            </p>
          )}
          {secret && (
            <p className="mt-2 text-slate-600">Paste both lines into a terminal: the answer is JSON.</p>
          )}
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
              <Ago iso={last.at} />
              <Link
                href={hrefWithEnv(`/dashboard/logs?id=${encodeURIComponent(last.requestId)}`, env, workspace)}
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
            . Limits: {overview.month.planLabel} plan,{" "}
            {overview.month.ratePerMinute === null
              ? "no rate limit"
              : `${overview.month.ratePerMinute} requests a minute per key (bursts of ${overview.month.burst})`}
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
