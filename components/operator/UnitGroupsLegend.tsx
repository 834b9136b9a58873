import { UNIT_GROUPS, type UnitGroup } from "@/lib/plans/unit-groups";

/** Which /v1 endpoints each price group covers, from the route table (RouteDef.group). */
export function UnitGroupsLegend({ patterns }: { patterns: Record<UnitGroup, string[]> }) {
  return (
    <details className="border-b border-slate-100 px-5 py-3 text-sm">
      <summary className="cursor-pointer font-medium text-slate-700">
        Which endpoints each group covers
      </summary>
      <dl className="mt-2 grid gap-2 sm:grid-cols-[8rem_minmax(0,1fr)]">
        {UNIT_GROUPS.map((g) => (
          <div key={g} className="contents">
            <dt className="font-mono text-slate-900">{g}</dt>
            <dd className="min-w-0 break-words text-slate-600">
              {patterns[g].join(", ") || "no endpoint"}
              {g === "odds" && "; also a change-feed page or stream event carrying an odds change"}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
