import type { SystemStatus } from "@/lib/operator/system";
import { Badge } from "../ui/Badge";
import { Card, CardHeader } from "../ui/Card";
import { formatBytes, formatDateTime, formatNumber } from "../ui/format";

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

const upTone = (s: string) => (s === "up" ? "green" : s === "not_configured" ? "gray" : "red");

/** Database and Redis (the change feed and the webhook outbox are on the Data page: FeedCard). */
export function BackendCard({ status }: { status: SystemStatus }) {
  return (
    <Card>
      <CardHeader title="Shared state" />
      <dl className="grid grid-cols-2 gap-4 px-5 py-4 sm:grid-cols-3">
        <Fact label="Database">
          <Badge tone={upTone(status.database)}>{status.database}</Badge>
        </Fact>
        <Fact label="Redis">
          <Badge tone={upTone(status.redis)}>{status.redis.replace("_", " ")}</Badge>
        </Fact>
      </dl>
    </Card>
  );
}

/** The change feed's head and the webhook outbox (the console's Data page). */
export function FeedCard({ status }: { status: SystemStatus }) {
  return (
    <Card>
      <CardHeader title="Change feed and webhooks" description="As of this page load." />
      <dl className="grid grid-cols-2 gap-4 px-5 py-4 sm:grid-cols-5">
        <Fact label="Change feed head">{formatNumber(status.feedHead)}</Fact>
        <Fact label="Webhooks pending">{formatNumber(status.webhooks.pending)}</Fact>
        <Fact label="Webhooks retrying">{formatNumber(status.webhooks.failed)}</Fact>
        <Fact label="Webhooks dead">{formatNumber(status.webhooks.dead)}</Fact>
        <Fact label="Oldest due delivery">
          {status.webhooks.oldestDueAt ? formatDateTime(status.webhooks.oldestDueAt) : "none"}
        </Fact>
      </dl>
    </Card>
  );
}

/** Every instance that reported in the last minute, with its own figures. */
export function InstancesCard({ status }: { status: SystemStatus }) {
  return (
    <Card>
      <CardHeader
        title={`Instances seen (${status.instances.length})`}
        description="Each server reports every 15 s; one silent for a minute drops off."
      />
      {status.instances.length === 0 ? (
        <p className="px-5 py-6 text-center text-sm text-slate-500">No instance has reported yet.</p>
      ) : (
        <ul aria-label="Instances" className="divide-y divide-slate-100">
          {status.instances.map((i) => (
            <li key={i.id} className="px-5 py-3 text-sm">
              <p className="break-all font-mono text-slate-900">{i.id}</p>
              <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-5">
                <Fact label="Flush lag">
                  {i.flushLagMs === null ? "no flush yet" : `${formatNumber(i.flushLagMs)} ms`}
                </Fact>
                <Fact label="Unflushed requests">{formatNumber(i.pendingRequests)}</Fact>
                <Fact label="Response cache">
                  {formatBytes(i.responseCacheBytes)} · {formatNumber(i.responseCacheEntries)} entries
                </Fact>
                <Fact label="Cached keys">{formatNumber(i.keyCacheEntries)}</Fact>
                <Fact label="Reported">{formatDateTime(i.seenAt)}</Fact>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
