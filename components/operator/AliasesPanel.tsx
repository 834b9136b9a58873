"use client";

import type { FormEvent } from "react";
import { Button } from "../ui/Button";
import { Card, CardHeader } from "../ui/Card";
import { formatDateTime } from "../ui/format";
import { Field, fieldClass, RemovableList, useCorrection } from "./CorrectionParts";

export interface AliasView {
  id: number;
  alias: string;
  team: string;
  createdBy: string;
  createdAt: string;
}

/** Operator aliases: a source's spelling that later imports resolve to an existing team. */
export function AliasesPanel({ items, total }: { items: AliasView[]; total: number }) {
  const { mutation, outcome } = useCorrection("/api/operator/aliases");
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const get = (k: string) => String(form.get(k) ?? "").trim();
    mutation.mutate({
      kind: "add",
      body: { team: get("team"), alias: get("alias") },
      message: `"${get("alias")}" now resolves to ${get("team")} in imports.`,
    });
  };
  return (
    <Card>
      <CardHeader
        title="Team aliases"
        description="When a file spells a club differently (Nottm Forest, Man United), an alias makes later imports use the existing team instead of creating a new one. The maintained table covers the common ones."
      />
      <form aria-label="New team alias" onSubmit={submit} className="space-y-3 px-5 py-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id="alias-team" label="Existing team">
            <input id="alias-team" name="team" required maxLength={100} className={fieldClass} />
          </Field>
          <Field id="alias-alias" label="Spelling in the source">
            <input id="alias-alias" name="alias" required maxLength={100} className={fieldClass} />
          </Field>
        </div>
        <Button type="submit" disabled={mutation.isPending}>
          Add alias
        </Button>
        {outcome}
      </form>
      <RemovableList
        label="Team aliases"
        noun="alias"
        rows={items.map((a) => ({
          id: a.id,
          title: `"${a.alias}" → ${a.team}`,
          meta: `by ${a.createdBy}, ${formatDateTime(a.createdAt)}`,
        }))}
        total={total}
        empty="No operator aliases."
        busy={mutation.isPending}
        onRemove={(row) =>
          mutation.mutate({ kind: "remove", id: row.id, message: `Alias ${row.title} removed.` })
        }
      />
    </Card>
  );
}
