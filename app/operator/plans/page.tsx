import type { Metadata } from "next";
import { PlanEditor } from "@/components/operator/PlanEditor";
import { Card, CardHeader, PageHeader } from "@/components/ui/Card";
import { db } from "@/lib/db";
import { requireOperator } from "@/lib/operator/access";
import { readCatalogue } from "@/lib/plan-catalogue";

export const metadata: Metadata = { title: "Plans · Operator" };

export default async function OperatorPlansPage() {
  await requireOperator();
  const plans = await readCatalogue(db);
  return (
    <>
      <PageHeader
        title="Plans"
        description="The plan catalogue: each key's request rate and burst, each account's monthly units. An empty field is unlimited. Changes reach every instance within seconds."
      />
      <Card>
        <CardHeader
          title="Catalogue"
          description="STATLINE_PLANS, when set, still overrides what is saved here."
        />
        <div className="divide-y divide-slate-100">
          {plans.map((p) => (
            <PlanEditor key={p.name} plan={p} />
          ))}
        </div>
      </Card>
      <Card className="mt-6">
        <CardHeader title="Add a plan" />
        <PlanEditor
          isNew
          plan={{ name: "", label: "", ratePerMinute: null, burst: null, monthlyUnits: null }}
        />
      </Card>
    </>
  );
}
