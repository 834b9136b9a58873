import type { UsageReport } from "@/lib/dashboard/types";
import { EnvironmentBadge } from "../ui/Badge";
import { formatNumber, formatPercent } from "../ui/format";

const th =
  "whitespace-nowrap px-4 py-2 text-left first:pl-5 last:pr-5 text-xs font-medium uppercase tracking-wide text-slate-500";
const num = "px-4 py-2.5 text-right text-sm tabular-nums text-slate-700 last:pr-5";

function Empty({ children }: { children: string }) {
  return <p className="px-5 py-10 text-center text-sm text-slate-500">{children}</p>;
}

export function TopEndpoints({ report }: { report: UsageReport }) {
  if (report.endpoints.length === 0) return <Empty>No requests in this period.</Empty>;
  const max = report.endpoints[0].requests || 1;
  return (
    // Focusable, so a keyboard user can scroll it on a narrow screen (axe scrollable-region-focusable).
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Top endpoints">
      <table className="w-full min-w-[480px]">
        <caption className="sr-only">Top endpoints</caption>
        <thead className="bg-slate-50/70">
          <tr>
            <th scope="col" className={th}>
              Endpoint
            </th>
            <th scope="col" className={`${th} text-right`}>
              Requests
            </th>
            <th scope="col" className={`${th} text-right`}>
              Error rate
            </th>
            <th scope="col" className={`${th} text-right`}>
              Units
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {report.endpoints.map((e) => (
            <tr key={e.endpoint}>
              <td className="px-5 py-2.5">
                <code className="font-mono text-[13px] text-slate-800">{e.endpoint}</code>
                <div className="mt-1 h-1 rounded-full bg-slate-100" aria-hidden="true">
                  <div
                    className="h-1 rounded-full bg-emerald-500"
                    style={{ width: `${(e.requests / max) * 100}%` }}
                  />
                </div>
              </td>
              <td className={num}>{formatNumber(e.requests)}</td>
              <td className={num}>{formatPercent(e["4xx"] + e["5xx"], e.requests)}</td>
              <td className={num}>{formatNumber(e.units)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function PerKey({ report }: { report: UsageReport }) {
  if (report.keys.length === 0) return <Empty>No key made requests in this period.</Empty>;
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Usage per key">
      <table className="w-full min-w-[480px]">
        <caption className="sr-only">Usage per key</caption>
        <thead className="bg-slate-50/70">
          <tr>
            <th scope="col" className={th}>
              Key
            </th>
            <th scope="col" className={`${th} text-right`}>
              Requests
            </th>
            <th scope="col" className={`${th} text-right`}>
              Errors
            </th>
            <th scope="col" className={`${th} text-right`}>
              429
            </th>
            <th scope="col" className={`${th} text-right`}>
              Units
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {report.keys.map((k) => (
            <tr key={k.keyId}>
              <td className="px-5 py-2.5">
                <div className="flex items-center gap-2">
                  <span className="truncate text-sm font-medium text-slate-800">{k.name}</span>
                  <EnvironmentBadge environment={k.environment} />
                  {k.revoked && <span className="text-xs text-red-600">revoked</span>}
                </div>
                <code className="font-mono text-xs text-slate-500">{k.prefix}…</code>
              </td>
              <td className={num}>{formatNumber(k.requests)}</td>
              <td className={num} title={`${formatNumber(k["4xx"])} 4xx, ${formatNumber(k["5xx"])} 5xx`}>
                {formatNumber(k["4xx"] + k["5xx"])}
              </td>
              <td className={num}>{formatNumber(k["429"])}</td>
              <td className={num}>{formatNumber(k.units)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
