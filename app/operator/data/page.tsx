import { AdjustmentsPanel } from "@/components/operator/AdjustmentsPanel";
import { AliasesPanel } from "@/components/operator/AliasesPanel";
import { FeedCard } from "@/components/operator/StatusCards";
import { ImportForm } from "@/components/operator/ImportForm";
import { Card, CardHeader, PageHeader } from "@/components/ui/Card";
import { db } from "@/lib/platform/db";
import { operatorTitle, requireOperator } from "@/lib/operator/access";
import { importMaxBytes } from "@/lib/operator/import-limits";
import { systemStatus } from "@/lib/operator/system";
import { listAdjustments, listTeamAliases } from "@/lib/repos/sports-admin";

// The 404 page's title for anyone but an operator (lib/operator/access.ts).
export const generateMetadata = operatorTitle("Data · Operator");

/** Rows each list shows; the rest are counted. */
const SHOWN = 100;

export default async function OperatorDataPage() {
  await requireOperator();
  const [status, adjustments, aliases] = await Promise.all([
    systemStatus(db),
    listAdjustments(db, SHOWN),
    listTeamAliases(db, SHOWN),
  ]);
  return (
    <>
      <PageHeader
        title="Data"
        description="Import a file with the importers of npm run import, correct tables with point adjustments, teach the importers a club's other spellings, and see the change feed and the webhook outbox."
      />
      <div className="space-y-6">
        <Card>
          <CardHeader
            title="Import a file"
            description="One transaction: a file the importer cannot read changes nothing; malformed rows are skipped and listed."
          />
          <ImportForm maxBytes={importMaxBytes()} />
        </Card>
        <AdjustmentsPanel
          total={adjustments.total}
          items={adjustments.items.map((a) => ({
            id: a.id,
            team: a.team.name,
            competition: a.edition.competition.name,
            edition: a.edition.name,
            points: a.points,
            reason: a.reason,
            createdBy: a.createdBy,
            createdAt: a.createdAt.toISOString(),
          }))}
        />
        <AliasesPanel
          total={aliases.total}
          items={aliases.items.map((a) => ({
            id: a.id,
            alias: a.alias,
            team: a.team.name,
            createdBy: a.createdBy,
            createdAt: a.createdAt.toISOString(),
          }))}
        />
        <FeedCard status={status} />
      </div>
    </>
  );
}
