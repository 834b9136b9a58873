"use client";

import type { RequestLogView } from "@/lib/requestlog/query";
import { focusRing } from "../ui/Button";
import { formatPreciseTime } from "../ui/format";
import { StatusBadge } from "./StatusBadge";

const th = "px-4 py-2.5 text-left text-xs font-medium uppercase tracking-wide text-slate-500";
const td = "px-4 py-2.5 align-top";

/** Newest first; a row's "Details" button opens the drawer (keyboard: Tab to it, Enter). */
export function LogTable({ rows, onOpen }: { rows: RequestLogView[]; onOpen: (r: RequestLogView) => void }) {
  return (
    <table className="w-full table-fixed text-sm">
      <caption className="sr-only">Requests, newest first</caption>
      <thead className="border-b border-slate-200 bg-slate-50">
        <tr>
          <th scope="col" className={`${th} hidden w-44 sm:table-cell`}>
            Time (UTC)
          </th>
          <th scope="col" className={`${th} w-20`}>
            Status
          </th>
          <th scope="col" className={th}>
            Request
          </th>
          <th scope="col" className={`${th} hidden w-44 lg:table-cell`}>
            Key
          </th>
          <th scope="col" className={`${th} hidden w-24 text-right md:table-cell`}>
            Latency
          </th>
          <th scope="col" className={`${th} w-20 sm:w-24`}>
            <span className="sr-only">Details</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((r) => (
          <tr key={r.requestId} data-request-id={r.requestId} className="hover:bg-slate-50">
            <td className={`${td} hidden whitespace-nowrap text-slate-700 sm:table-cell`}>
              {formatPreciseTime(r.at).replace(" UTC", "")}
            </td>
            <td className={td}>
              <StatusBadge status={r.status} />
            </td>
            <td className={`${td} min-w-0`}>
              {/* On a phone the time column is hidden: the time leads the request instead. */}
              <div className="text-xs text-slate-500 sm:hidden">{formatPreciseTime(r.at)}</div>
              <div className="truncate font-mono text-[13px] text-slate-900" title={`${r.method} ${r.path}`}>
                <span className="text-slate-500">{r.method}</span> {r.path}
                {r.query ? <span className="text-slate-500">?{r.query}</span> : null}
              </div>
              {/* Wraps rather than truncates: the request id is what people search for (cut at 768 px). */}
              <div className="text-xs text-slate-500 [overflow-wrap:anywhere]">
                {r.errorCode ? `${r.errorCode} · ` : ""}
                <span className="font-mono">{r.requestId}</span>
                {r.sampleRate > 1 ? ` · sampled 1 in ${r.sampleRate}` : ""}
              </div>
            </td>
            <td className={`${td} hidden truncate font-mono text-[13px] text-slate-700 lg:table-cell`}>
              {r.keyPrefix ?? "-"}
            </td>
            <td className={`${td} hidden text-right tabular-nums text-slate-700 md:table-cell`}>
              {r.durationMs.toFixed(1)} ms
            </td>
            <td className={`${td} text-right`}>
              <button
                type="button"
                onClick={() => onOpen(r)}
                className={`rounded-md px-2 py-1 text-sm font-medium text-emerald-700 hover:bg-emerald-50 ${focusRing}`}
              >
                Details<span className="sr-only"> of {r.requestId}</span>
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
