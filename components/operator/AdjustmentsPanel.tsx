"use client";

import type { FormEvent } from "react";
import { Button } from "../ui/Button";
import { Card, CardHeader } from "../ui/Card";
import { formatDateTime } from "../ui/format";
import { Field, fieldClass, RemovableList, useCorrection } from "./CorrectionParts";

export interface AdjustmentView {
  id: number;
  team: string;
  competition: string;
  edition: string;
  points: number;
  reason: string;
  createdBy: string;
  createdAt: string;
}

const signed = (n: number) => `${n > 0 ? "+" : ""}${n}`;

/** Point deductions and awards: record one (the table is rebuilt), list the newest, remove one. */
export function AdjustmentsPanel({ items, total }: { items: AdjustmentView[]; total: number }) {
  const { mutation, outcome } = useCorrection("/api/operator/adjustments");
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const get = (k: string) => String(form.get(k) ?? "").trim();
    const points = get("points");
    mutation.mutate({
      kind: "add",
      body: {
        competition: get("competition"),
        edition: get("edition"),
        team: get("team"),
        // Sent as typed, so "abc" or "1.5" is refused by the server with its message.
        points: /^[+-]?\d+$/.test(points) ? Number(points) : points,
        reason: get("reason"),
      },
      message: `Adjustment recorded for ${get("team")}: the table is rebuilt.`,
    });
  };
  return (
    <Card>
      <CardHeader
        title="Point adjustments"
        description="A deduction (negative) or award per team and edition, with a reason; standings add them up. The same team, edition and reason again corrects the points."
      />
      <form aria-label="New point adjustment" onSubmit={submit} className="space-y-3 px-5 py-4">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,0.8fr)_minmax(0,1.3fr)_6rem]">
          <Field id="adj-competition" label="Competition">
            <input
              id="adj-competition"
              name="competition"
              required
              maxLength={100}
              placeholder="en.1 or its name"
              className={fieldClass}
            />
          </Field>
          <Field id="adj-edition" label="Edition">
            <input
              id="adj-edition"
              name="edition"
              required
              maxLength={40}
              placeholder="2023/24"
              className={fieldClass}
            />
          </Field>
          <Field id="adj-team" label="Team">
            <input id="adj-team" name="team" required maxLength={100} className={fieldClass} />
          </Field>
          <Field id="adj-points" label="Points">
            <input
              id="adj-points"
              name="points"
              required
              inputMode="numeric"
              placeholder="-8"
              className={fieldClass}
            />
          </Field>
          <Field id="adj-reason" label="Reason" className="sm:col-span-2 lg:col-span-4">
            <input id="adj-reason" name="reason" required maxLength={300} className={fieldClass} />
          </Field>
        </div>
        <Button type="submit" disabled={mutation.isPending}>
          Record adjustment
        </Button>
        {outcome}
      </form>
      <RemovableList
        label="Point adjustments"
        noun="adjustment"
        rows={items.map((a) => ({
          id: a.id,
          title: `${a.team} ${signed(a.points)}`,
          detail: `${a.competition} ${a.edition}: ${a.reason}`,
          meta: `by ${a.createdBy}, ${formatDateTime(a.createdAt)}`,
        }))}
        total={total}
        empty="No adjustments recorded."
        busy={mutation.isPending}
        onRemove={(row) =>
          mutation.mutate({ kind: "remove", id: row.id, message: `Adjustment ${row.title} removed.` })
        }
      />
    </Card>
  );
}
