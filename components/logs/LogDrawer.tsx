"use client";

import { useSyncExternalStore } from "react";
import type { RequestLogView } from "@/lib/requestlog/query";
import { CopyButton } from "../ui/CopyButton";
import { Dialog } from "../ui/Dialog";
import { formatPreciseTime } from "../ui/format";
import { curlFor, KEY_VARIABLE } from "./curl";
import { ResponseDetail } from "./ResponseDetail";
import { StatusBadge } from "./StatusBadge";

const noop = () => () => {};

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-3 py-2 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

const mono = "font-mono text-[13px]";

/** Everything recorded about one request, and a curl line that repeats it. */
export function LogDrawer({ row, onClose }: { row: RequestLogView | null; onClose: () => void }) {
  const origin = useSyncExternalStore(
    noop,
    () => window.location.origin,
    () => "http://localhost:3000",
  );
  const curl = row ? curlFor(row, origin) : "";
  return (
    <Dialog
      open={row !== null}
      onDismiss={onClose}
      placement="drawer"
      title="Request details"
      description={row ? <span className={mono}>{row.requestId}</span> : undefined}
    >
      {row && (
        <div className="space-y-5">
          <dl className="divide-y divide-slate-100">
            <Field label="Time">{formatPreciseTime(row.at)}</Field>
            <Field label="Status">
              <span className="inline-flex flex-wrap items-center gap-2">
                <StatusBadge status={row.status} />
                {row.errorCode && <span className={mono}>{row.errorCode}</span>}
              </span>
            </Field>
            {row.errorMessage && (
              <Field label="Message">
                <span data-testid="error-message">{row.errorMessage}</span>
              </Field>
            )}
            <Field label="Request">
              <span className={mono}>
                {row.method} {row.path}
                {row.query ? `?${row.query}` : ""}
              </span>
            </Field>
            <Field label="Endpoint">
              <span className={mono}>{row.endpoint}</span>
            </Field>
            <Field label="Key">
              {row.keyPrefix ? <span className={mono}>{row.keyPrefix}…</span> : "none"}
              {row.environment ? ` (${row.environment})` : ""}
            </Field>
            <Field label="Units">{row.units}</Field>
            <Field label="Latency">{row.durationMs.toFixed(1)} ms</Field>
            <Field label="Client IP">{row.ip ?? "unknown"}</Field>
            <Field label="User agent">
              <span className={mono}>{row.userAgent ?? "none"}</span>
            </Field>
            <Field label="Request id">
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className={mono}>{row.requestId}</span>
                <CopyButton text={row.requestId} size="sm" variant="ghost" label="Copy id" />
              </span>
            </Field>
            {row.sampleRate > 1 && (
              <Field label="Sampling">
                Logged 1 in {row.sampleRate} successful requests during a traffic peak; this row stands for
                about {row.sampleRate}.
              </Field>
            )}
          </dl>
          <ResponseDetail row={row} />
          <div>
            <h3 className="text-sm font-medium text-slate-900">Repeat this request</h3>
            <p className="mt-1 text-sm text-slate-600">
              The key is never logged: set <code className={mono}>{KEY_VARIABLE}</code> to your key first.
            </p>
            <div className="mt-2 flex items-start gap-2 rounded-lg bg-slate-900 p-3 pl-4">
              <pre className="min-w-0 flex-1 whitespace-pre-wrap [overflow-wrap:anywhere] py-1 font-mono text-[13px] leading-relaxed text-slate-100">
                <code data-testid="curl">{curl}</code>
              </pre>
              <CopyButton text={curl} size="sm" variant="dark" label="Copy curl" />
            </div>
          </div>
        </div>
      )}
    </Dialog>
  );
}
