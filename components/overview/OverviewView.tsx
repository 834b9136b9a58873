"use client";

import { useEnvironment } from "../hooks/useEnvironment";
import { useOverviewQuery } from "../hooks/useOverviewQuery";
import { Card, CardHeader, PageHeader } from "../ui/Card";
import { formatNumber } from "../ui/format";
import { Stat } from "../ui/Stat";
import { ErrorState, Skeleton } from "../ui/States";
import { PlanLimits } from "../usage/PlanLimits";
import { QuotaMeter } from "../usage/QuotaMeter";
import { QuickStart } from "./QuickStart";
import { RecentActivity } from "./RecentActivity";
import { useCan } from "../workspace";

const monthName = new Intl.DateTimeFormat("en-US", { month: "long", timeZone: "UTC" });

export function OverviewView({ name }: { name: string }) {
  // A viewer is offered no key creation and no audit log (docs/workspaces.md).
  const mayCreateKeys = useCan("keys.create");
  const mayAudit = useCan("audit.read");
  const env = useEnvironment();
  const overview = useOverviewQuery(env);
  const data = overview.data;

  return (
    <>
      <PageHeader title="Overview" description={`Welcome, ${name}. Here is your account at a glance.`} />
      {overview.isPending ? (
        <div
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
          aria-busy="true"
          aria-label="Loading overview"
        >
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-[92px] rounded-xl" />
          ))}
        </div>
      ) : !data ? (
        <Card>
          <ErrorState error={overview.error} onRetry={() => overview.refetch()} what="the overview" />
        </Card>
      ) : (
        <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <Stat
            label={`Requests in ${monthName.format(new Date(data.month.start))}`}
            value={formatNumber(data.month.requests)}
            hint="All keys, UTC month"
          />
          <Stat
            label={`Units in ${monthName.format(new Date(data.month.start))}`}
            value={formatNumber(data.month.units)}
            hint={
              data.month.quota === null ? "Unlimited plan" : `of ${formatNumber(data.month.quota)} included`
            }
          />
          <Stat label="Plan" value={data.month.planLabel} hint={<PlanLimits month={data.month} />} />
          <Stat
            label="Active keys"
            value={formatNumber(data.keys.active)}
            hint={`${data.keys.live} live · ${data.keys.test} test${data.keys.disabled ? ` · ${data.keys.disabled} disabled` : ""} · ${data.keys.revoked} revoked`}
          />
        </dl>
      )}

      <div className="mt-6 grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        {mayCreateKeys && (
          <Card className="lg:col-span-2">
            <CardHeader title="Quick start" description="From zero to your first response in a minute." />
            <div className="px-5 py-5">
              {data ? <QuickStart overview={data} /> : <Skeleton className="h-40" />}
            </div>
          </Card>
        )}
        <div className="space-y-6">
          <Card>
            <CardHeader title="This month’s quota" />
            <div className="px-5 py-5">
              {data ? <QuotaMeter month={data.month} /> : <Skeleton className="h-16" />}
            </div>
          </Card>
          {mayAudit && (
            <Card>
              <CardHeader title="Recent activity" />
              <div className="px-5 py-5">
                <RecentActivity />
              </div>
            </Card>
          )}
        </div>
      </div>
    </>
  );
}
