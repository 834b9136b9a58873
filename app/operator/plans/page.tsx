import { PlanEditor } from "@/components/operator/PlanEditor";
import { UnitGroupsLegend } from "@/components/operator/UnitGroupsLegend";
import { routes } from "@/lib/api/routes";
import { Card, CardHeader, PageHeader } from "@/components/ui/Card";
import { db } from "@/lib/platform/db";
import { operatorTitle, requireOperator } from "@/lib/operator/access";
import { accountsPerPlan } from "@/lib/operator/store/accounts";
import { readCatalogue } from "@/lib/plans/catalogue";
import { DEFAULT_UNIT_COSTS, UNIT_GROUPS, type UnitGroup } from "@/lib/plans/unit-groups";

// The 404 page's title for anyone but an operator (lib/operator/access.ts).
export const generateMetadata = operatorTitle("Plans · Operator");

/** The route table's patterns by price group. */
function patternsByGroup(): Record<UnitGroup, string[]> {
  const out = Object.fromEntries(UNIT_GROUPS.map((g) => [g, [] as string[]])) as Record<UnitGroup, string[]>;
  for (const r of routes) if (r.group !== null) out[r.group].push(r.pattern);
  return out;
}

export default async function OperatorPlansPage() {
  await requireOperator();
  const [plans, accounts] = await Promise.all([readCatalogue(db), accountsPerPlan(db)]);
  return (
    <>
      <PageHeader
        title="Plans"
        description={`The plan catalogue: each key's request rate and burst, each account's monthly units (an empty field is unlimited) and what a call of each endpoint group costs in units (${UNIT_GROUPS.join(", ")}). Changes reach every instance within seconds.`}
      />
      <Card>
        <CardHeader
          title="Catalogue"
          description="STATLINE_PLANS, when set, still overrides what is saved here."
        />
        <UnitGroupsLegend patterns={patternsByGroup()} />
        <div className="divide-y divide-slate-100">
          {plans.map((p) => (
            <PlanEditor key={p.name} plan={p} accounts={accounts.get(p.name) ?? 0} />
          ))}
        </div>
      </Card>
      <Card className="mt-6">
        <CardHeader title="Add a plan" />
        <PlanEditor
          isNew
          plan={{
            name: "",
            label: "",
            ratePerMinute: null,
            burst: null,
            monthlyUnits: null,
            unitCosts: { ...DEFAULT_UNIT_COSTS },
          }}
        />
      </Card>
    </>
  );
}
