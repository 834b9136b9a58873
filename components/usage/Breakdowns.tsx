import type { UsageReport } from "@/lib/usage/report";
import { errorRequests } from "@/lib/usage/status";
import { EnvironmentBadge } from "../ui/Badge";
import { formatNumber, formatPercent } from "../ui/format";

// Every column fits without an inner scroll bar: the table has no minimum width and its first
// column wraps; below `sm` (640 px) each row is a stacked card instead (Error rate and
// Units were behind a scroll bar at 1280 and 390 with min-w-[480px]).
const th =
  "px-3 py-2 text-left first:pl-5 last:pr-5 text-xs font-medium uppercase tracking-wide text-slate-500";
const num = "whitespace-nowrap px-3 py-2.5 text-right text-sm tabular-nums text-slate-700 last:pr-5";
const cardList = "divide-y divide-slate-100 sm:hidden";
const figures = "mt-2 grid grid-cols-3 gap-2 text-xs text-slate-500";
const figure = "block text-sm tabular-nums text-slate-800";

function Empty({ children }: { children: string }) {
  return <p className="px-5 py-10 text-center text-sm text-slate-500">{children}</p>;
}

function Figures({ items }: { items: [string, string][] }) {
  return (
    <dl className={figures}>
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd className={figure}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function TopEndpoints({ report }: { report: UsageReport }) {
  if (report.endpoints.length === 0) return <Empty>No requests in this period.</Empty>;
  const max = report.endpoints[0].requests || 1;
  const bar = (requests: number) => (
    <div className="mt-1 h-1 rounded-full bg-slate-100" aria-hidden="true">
      <div className="h-1 rounded-full bg-emerald-500" style={{ width: `${(requests / max) * 100}%` }} />
    </div>
  );
  const rate = (e: UsageReport["endpoints"][number]) => formatPercent(errorRequests(e), e.requests);
  return (
    <>
      <table className="hidden w-full sm:table" data-testid="top-endpoints">
        <caption className="sr-only">Top endpoints</caption>
        <thead className="bg-slate-50/70">
          <tr>
            <th scope="col" className={th}>
              Endpoint
            </th>
            <th scope="col" className={`${th} text-right`}>
              Requests
            </th>
            <th scope="col" className={`${th} text-right`} title="4xx, 429 and 5xx">
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
              <td className="py-2.5 pl-5 pr-3">
                <code className="font-mono text-[13px] text-slate-800 [overflow-wrap:anywhere]">
                  {e.endpoint}
                </code>
                {bar(e.requests)}
              </td>
              <td className={num}>{formatNumber(e.requests)}</td>
              <td className={num} title={`${e["429"]} rate limited (429)`}>
                {rate(e)}
              </td>
              <td className={num}>{formatNumber(e.units)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className={cardList} aria-label="Top endpoints" data-testid="top-endpoints-cards">
        {report.endpoints.map((e) => (
          <li key={e.endpoint} className="px-5 py-3">
            <code className="font-mono text-[13px] text-slate-800 [overflow-wrap:anywhere]">
              {e.endpoint}
            </code>
            {bar(e.requests)}
            <Figures
              items={[
                ["Requests", formatNumber(e.requests)],
                ["Error rate", rate(e)],
                ["Units", formatNumber(e.units)],
              ]}
            />
          </li>
        ))}
      </ul>
    </>
  );
}

export function PerKey({ report }: { report: UsageReport }) {
  if (report.keys.length === 0) return <Empty>No key made requests in this period.</Empty>;
  const name = (k: UsageReport["keys"][number]) => (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="min-w-0 text-sm font-medium text-slate-800 [overflow-wrap:anywhere]">{k.name}</span>
      <EnvironmentBadge environment={k.environment} />
      {k.revoked && <span className="text-xs text-red-700">revoked</span>}
    </div>
  );
  return (
    <>
      <table className="hidden w-full sm:table" data-testid="per-key">
        <caption className="sr-only">Usage per key</caption>
        <thead className="bg-slate-50/70">
          <tr>
            <th scope="col" className={th}>
              Key
            </th>
            <th scope="col" className={`${th} text-right`}>
              Requests
            </th>
            <th scope="col" className={`${th} text-right`} title="4xx, 429 and 5xx">
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
              <td className="py-2.5 pl-5 pr-3">
                {name(k)}
                <code className="font-mono text-xs text-slate-600">{k.prefix}…</code>
              </td>
              <td className={num}>{formatNumber(k.requests)}</td>
              <td
                className={num}
                title={`${formatNumber(k["4xx"])} 4xx, ${formatNumber(k["429"])} 429, ${formatNumber(k["5xx"])} 5xx`}
              >
                {formatNumber(errorRequests(k))}
              </td>
              <td className={num}>{formatNumber(k["429"])}</td>
              <td className={num}>{formatNumber(k.units)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className={cardList} aria-label="Usage per key" data-testid="per-key-cards">
        {report.keys.map((k) => (
          <li key={k.keyId} className="px-5 py-3">
            {name(k)}
            <code className="font-mono text-xs text-slate-600">{k.prefix}…</code>
            <Figures
              items={[
                ["Requests", formatNumber(k.requests)],
                ["Errors (429)", `${formatNumber(errorRequests(k))} (${formatNumber(k["429"])})`],
                ["Units", formatNumber(k.units)],
              ]}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
