"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { MAX_UNIT_COST, UNIT_GROUPS, type UnitCosts } from "@/lib/plans/unit-groups";
import { useApi } from "../hooks/useApi";
import { Button, focusRing } from "../ui/Button";
import { formatNumber } from "../ui/format";

export interface PlanRow {
  name: string;
  label: string;
  ratePerMinute: number | null;
  burst: number | null;
  monthlyUnits: number | null;
  unitCosts: UnitCosts;
}

const GROUP_LABELS: Record<keyof UnitCosts, string> = {
  reference: "Reference",
  contests: "Contests",
  odds: "Odds",
  analysis: "Analysis",
  feed: "Feed",
};

const inputClass = `h-9 w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 text-sm tabular-nums ${focusRing}`;

/** An empty number field means "unlimited" (null). */
function numberOrNull(form: FormData, name: string): number | null {
  const raw = String(form.get(name) ?? "").trim();
  return raw === "" ? null : Number(raw);
}

function NumberField({
  id,
  name,
  label,
  value,
  required = false,
}: {
  id: string;
  name: string;
  label: string;
  value: number | null;
  /** A price: always a number (0 is free), never unlimited. */
  required?: boolean;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        min={0}
        max={required ? MAX_UNIT_COST : undefined}
        step={1}
        required={required}
        inputMode="numeric"
        placeholder={required ? undefined : "unlimited"}
        defaultValue={value ?? ""}
        className={inputClass}
      />
    </div>
  );
}

const limit = (n: number | null, unit: string) =>
  n === null ? `unlimited ${unit}` : `${formatNumber(n)} ${unit}`;

/** A saved plan as one line of figures (thousands separated) and its accounts; Edit opens the form. */
function PlanSummary({ plan, accounts }: { plan: PlanRow; accounts: number }) {
  const prices = UNIT_GROUPS.map(
    (g) => `${GROUP_LABELS[g].toLowerCase()} ${formatNumber(plan.unitCosts[g])}`,
  );
  return (
    <div className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
      <span className="break-all font-mono font-semibold text-slate-900">{plan.name}</span>
      <span className="text-slate-700">{plan.label}</span>
      <span className="text-slate-600 tabular-nums">
        {plan.ratePerMinute === null
          ? "no rate limit"
          : `${formatNumber(plan.ratePerMinute)} req/min per key, burst ${formatNumber(plan.burst ?? 0)}`}{" "}
        · {limit(plan.monthlyUnits, "units/month")} · units per call: {prices.join(", ")}
      </span>
      <span className="font-medium text-slate-800 tabular-nums" data-testid="plan-accounts">
        {formatNumber(accounts)} {accounts === 1 ? "account" : "accounts"}
      </span>
    </div>
  );
}

/**
 * One plan: its figures on one line and, behind Edit, its form (label, rate, burst, monthly units
 * and the units a call of each endpoint group costs), saved with PUT /api/operator/plans/{name}.
 */
export function PlanEditor({
  plan,
  isNew = false,
  accounts = 0,
}: {
  plan: PlanRow;
  isNew?: boolean;
  /** How many accounts are on the plan. */
  accounts?: number;
}) {
  if (isNew) return <PlanForm plan={plan} isNew />;
  return (
    <div className="px-5 py-3">
      <PlanSummary plan={plan} accounts={accounts} />
      <details className="mt-1">
        <summary className={`cursor-pointer text-sm font-medium text-emerald-800 ${focusRing}`}>
          Edit <span className="sr-only">plan {plan.name}</span>
        </summary>
        <PlanForm plan={plan} />
      </details>
    </div>
  );
}

function PlanForm({ plan, isNew = false }: { plan: PlanRow; isNew?: boolean }) {
  const api = useApi();
  const router = useRouter();
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    gcTime: 0,
    mutationFn: ({ name, body }: { name: string; body: Omit<PlanRow, "name"> }) =>
      api.put(`/api/operator/plans/${encodeURIComponent(name)}`, body),
    onMutate: () => setSaved(false),
    onSuccess: () => {
      setSaved(true);
      router.refresh();
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const name = isNew ? String(form.get("name") ?? "").trim() : plan.name;
    save.mutate({
      name,
      body: {
        label: String(form.get("label") ?? ""),
        ratePerMinute: numberOrNull(form, "ratePerMinute"),
        burst: numberOrNull(form, "burst"),
        monthlyUnits: numberOrNull(form, "monthlyUnits"),
        unitCosts: Object.fromEntries(
          UNIT_GROUPS.map((g) => [g, numberOrNull(form, `cost-${g}`) ?? 0]),
        ) as UnitCosts,
      },
    });
  };
  const id = (f: string) => `plan-${plan.name || "new"}-${f}`;
  return (
    <form
      onSubmit={submit}
      aria-label={isNew ? "New plan" : `Plan ${plan.name}`}
      className={isNew ? "px-5 py-4" : "pt-3"}
    >
      <div className="grid grid-cols-2 gap-3 md:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_repeat(3,minmax(0,1fr))] md:items-end">
        {isNew ? (
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor={id("name")} className="text-xs font-medium text-slate-600">
              Name
            </label>
            <input
              id={id("name")}
              name="name"
              required
              pattern="[a-z][a-z0-9_\-]{0,31}"
              maxLength={32}
              className={inputClass}
            />
          </div>
        ) : (
          <p className="min-w-0 self-center break-all font-mono text-sm font-semibold text-slate-900">
            {plan.name}
          </p>
        )}
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={id("label")} className="text-xs font-medium text-slate-600">
            Label
          </label>
          <input
            id={id("label")}
            name="label"
            required
            maxLength={60}
            defaultValue={plan.label}
            className={inputClass}
          />
        </div>
        <NumberField
          id={id("rate")}
          name="ratePerMinute"
          label="Requests/min per key"
          value={plan.ratePerMinute}
        />
        <NumberField id={id("burst")} name="burst" label="Burst" value={plan.burst} />
        <NumberField id={id("units")} name="monthlyUnits" label="Units/month" value={plan.monthlyUnits} />
      </div>
      <fieldset className="mt-3 min-w-0">
        <legend className="text-xs font-medium text-slate-600">Units per call, by endpoint group</legend>
        <div className="mt-1 grid grid-cols-3 gap-3 sm:grid-cols-5 md:grid-cols-[repeat(5,minmax(0,1fr))_auto] md:items-end">
          {UNIT_GROUPS.map((g) => (
            <NumberField
              key={g}
              id={id(`cost-${g}`)}
              name={`cost-${g}`}
              label={GROUP_LABELS[g]}
              value={plan.unitCosts[g]}
              required
            />
          ))}
          <Button type="submit" variant={isNew ? "primary" : "secondary"} disabled={save.isPending}>
            {isNew ? "Add plan" : "Save"}
          </Button>
        </div>
      </fieldset>
      {save.error && (
        <p role="alert" className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {save.error.message}
        </p>
      )}
      {saved && (
        <p role="status" className="mt-2 text-sm text-emerald-800">
          Saved; every instance applies it within seconds.
        </p>
      )}
    </form>
  );
}
