import { BackendCard, InstancesCard } from "@/components/operator/StatusCards";
import { PageHeader } from "@/components/ui/Card";
import { db } from "@/lib/platform/db";
import { operatorTitle, requireOperator } from "@/lib/operator/access";
import { systemStatus } from "@/lib/operator/system";

// The 404 page's title for anyone but an operator (lib/operator/access.ts).
export const generateMetadata = operatorTitle("System · Operator");

export default async function OperatorSystemPage() {
  await requireOperator();
  const status = await systemStatus(db);
  return (
    <>
      <PageHeader
        title="System"
        description="Database and Redis health, and each instance's metering flush lag and cache sizes (as of this page load)."
      />
      <div className="space-y-6">
        <BackendCard status={status} />
        <InstancesCard status={status} />
      </div>
    </>
  );
}
