"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { SUSPEND_REASON_MAX } from "@/lib/operator/schemas";
import { useApi } from "../hooks/useApi";
import { Button, focusRing } from "../ui/Button";
import { Card, CardHeader } from "../ui/Card";
import { SuspendDialog } from "./SuspendDialog";

interface Props {
  id: string;
  /** The account's name, as the confirmation names it. */
  name: string;
  plan: string;
  plans: { name: string; label: string }[];
  suspended: boolean;
  operator: boolean;
}

const inputClass = `h-9 min-w-0 rounded-md border border-slate-300 bg-white px-3 text-sm ${focusRing}`;

/** The last action's answer: its error as an alert, or what it did as a status. */
export function Outcome({ error, done }: { error: Error | null; done: string | null }) {
  if (error)
    return (
      <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
        {error.message}
      </p>
    );
  return done ? (
    <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
      {done}
    </p>
  ) : null;
}

/** Change plan, suspend or reinstate, grant or revoke operator rights; each answer refreshes the page. */
export function AccountActions({ id, name, plan, plans, suspended, operator }: Props) {
  const api = useApi();
  const router = useRouter();
  const [done, setDone] = useState<string | null>(null);
  // The reason typed, once Suspend was pressed: the confirmation dialog is open.
  const [suspending, setSuspending] = useState<string | null>(null);
  const base = `/api/operator/accounts/${encodeURIComponent(id)}`;
  const act = useMutation({
    gcTime: 0,
    mutationFn: ({ path, body }: { path: string; body: unknown; message: string }) =>
      api.post(`${base}/${path}`, body),
    onSuccess: (_data, v) => {
      setDone(v.message);
      router.refresh();
    },
    onMutate: () => setDone(null),
  });
  const value = (e: FormEvent<HTMLFormElement>, name: string) =>
    String(new FormData(e.currentTarget).get(name) ?? "");

  return (
    <Card>
      <CardHeader
        title="Actions"
        description="Suspending, reinstating and operator rights need a recent confirmation of your identity."
      />
      <div className="space-y-5 px-5 py-4">
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const next = value(e, "plan");
            act.mutate({ path: "plan", body: { plan: next }, message: `Plan changed to ${next}.` });
          }}
        >
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor="plan-select" className="text-sm font-medium text-slate-700">
              Plan
            </label>
            <select id="plan-select" name="plan" defaultValue={plan} className={inputClass}>
              {plans.map((p) => (
                <option key={p.name} value={p.name}>
                  {p.label} ({p.name})
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="secondary" disabled={act.isPending}>
            Change plan
          </Button>
        </form>

        {suspended ? (
          <div className="flex flex-wrap items-center gap-2">
            <Button
              disabled={act.isPending}
              onClick={() => act.mutate({ path: "reinstate", body: {}, message: "Account reinstated." })}
            >
              Reinstate account
            </Button>
          </div>
        ) : (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              const reason = value(e, "reason").trim();
              if (reason) setSuspending(reason);
            }}
          >
            <div className="flex min-w-0 flex-1 basis-full flex-col gap-1 sm:basis-auto">
              <label htmlFor="suspend-reason" className="text-sm font-medium text-slate-700">
                Reason for suspending (shown to the account)
              </label>
              <input
                id="suspend-reason"
                name="reason"
                required
                maxLength={SUSPEND_REASON_MAX}
                className={`${inputClass} w-full`}
              />
            </div>
            <Button type="submit" variant="danger" disabled={act.isPending}>
              Suspend account
            </Button>
          </form>
        )}

        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            disabled={act.isPending}
            onClick={() =>
              act.mutate({
                path: "operator",
                body: { operator: !operator },
                message: operator ? "Operator rights revoked." : "Operator rights granted.",
              })
            }
          >
            {operator ? "Revoke operator rights" : "Grant operator rights"}
          </Button>
        </div>
        <Outcome error={act.error} done={done} />
      </div>
      <SuspendDialog
        open={suspending !== null}
        accountName={name}
        reason={suspending ?? ""}
        suspendPath={`${base}/suspend`}
        onClose={() => setSuspending(null)}
        onSuspended={() => {
          setSuspending(null);
          setDone("Account suspended: its keys are refused within seconds.");
          router.refresh();
        }}
      />
    </Card>
  );
}
