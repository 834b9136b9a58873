import { notFound } from "next/navigation";
import { ConfirmIdentityCard } from "@/components/account/SecurityForms";
import { AccountActions } from "@/components/operator/AccountActions";
import { AccountAudit, AccountKeys, AccountRequests } from "@/components/operator/AccountRecords";
import { Badge } from "@/components/ui/Badge";
import { Card, CardHeader, PageHeader } from "@/components/ui/Card";
import { formatDateTime } from "@/components/ui/format";
import { planLimitsText } from "@/components/usage/PlanLimits";
import { QuotaMeter } from "@/components/usage/QuotaMeter";
import { UnitsChart } from "@/components/usage/UsageCharts";
import { auditPage } from "@/lib/audit/views";
import { db } from "@/lib/platform/db";
import { operatorTitle, requireOperator } from "@/lib/operator/access";
import { accountDetail } from "@/lib/operator/store/accounts";
import { listPlans } from "@/lib/plans";
import { requestLogPage } from "@/lib/requestlog/query";
import { usageReport } from "@/lib/usage/report";

// The 404 page's title for anyone but an operator (lib/operator/access.ts).
export const generateMetadata = operatorTitle("Account · Operator");

export default async function OperatorAccountPage({ params }: { params: Promise<{ id: string }> }) {
  await requireOperator();
  const { id } = await params;
  const account = id.length <= 64 ? await accountDetail(db, id) : null;
  if (!account) notFound();
  const [usage, requests, audit] = await Promise.all([
    usageReport(db, { accountId: account.id, range: "7d" }),
    requestLogPage(db, { accountId: account.id }, 20),
    auditPage(db, account.id, 20),
  ]);
  return (
    <>
      <PageHeader
        title={account.name}
        description={
          <span className="flex flex-wrap items-center gap-2 break-all">
            {account.users.map((u) => u.email).join(", ") || "no members"}
            {account.suspendedAt ? <Badge tone="red">Suspended</Badge> : <Badge tone="green">Active</Badge>}
            {account.operator && <Badge tone="violet">Operator</Badge>}
          </span>
        }
      />
      {account.suspendedAt && (
        <p
          role="status"
          className="mb-6 break-words rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          Suspended since {formatDateTime(account.suspendedAt.toISOString())}: {account.suspendedReason}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader
            title="This month"
            description={`${usage.month.planLabel}: ${planLimitsText(usage.month)}`}
          />
          <div className="space-y-4 px-5 py-4">
            <QuotaMeter month={usage.month} />
            <UnitsChart report={usage} />
          </div>
        </Card>
        <div className="space-y-6">
          <AccountActions
            id={account.id}
            name={account.name}
            plan={account.plan}
            plans={listPlans().map((p) => ({ name: p.name, label: p.label }))}
            suspended={account.suspendedAt !== null}
            operator={account.operator}
          />
          <ConfirmIdentityCard />
        </div>
        <Card>
          <CardHeader title="Members" />
          <ul aria-label="Members" className="divide-y divide-slate-100 text-sm">
            {account.users.map((u) => (
              <li key={u.id} className="flex flex-wrap justify-between gap-2 px-5 py-2">
                <span className="min-w-0 break-all text-slate-900">
                  {u.name ? `${u.name} · ${u.email}` : u.email}
                </span>
                <span className="text-slate-500">joined {formatDateTime(u.createdAt.toISOString())}</span>
              </li>
            ))}
          </ul>
        </Card>
        <AccountKeys keys={account.apiKeys} />
        <AccountRequests items={requests.items} />
        <AccountAudit page={audit} />
      </div>
    </>
  );
}
