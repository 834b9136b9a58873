"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { useApi } from "../hooks/useApi";
import { Button, focusRing } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { formatNumber } from "../ui/format";
import { Outcome } from "./AccountActions";

type Action =
  { kind: "add"; body: unknown; message: string } | { kind: "remove"; id: number; message: string };

/**
 * Adds (POST base) or removes (POST base/{id}/delete) one row of a console list, then reloads the
 * page's server data; the answer (or the server's error message) is shown under the form.
 */
export function useCorrection(base: string) {
  const api = useApi();
  const router = useRouter();
  const [done, setDone] = useState<string | null>(null);
  const mutation = useMutation({
    gcTime: 0,
    mutationFn: (a: Action) =>
      a.kind === "add" ? api.post(base, a.body) : api.post(`${base}/${a.id}/delete`),
    onMutate: () => setDone(null),
    onSuccess: (_data, a) => {
      setDone(a.message);
      router.refresh();
    },
  });
  return { mutation, outcome: <Outcome error={mutation.error} done={done} /> };
}

export const fieldClass = `h-9 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-sm ${focusRing}`;

export function Field({
  id,
  label,
  children,
  className = "",
}: {
  id: string;
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
    </div>
  );
}

export interface ListRow {
  id: number;
  /** The row's name in the list and in the Remove button's accessible name. */
  title: string;
  detail?: ReactNode;
  meta: string;
}

/** A list with a Remove button per row, confirmed in a dialog; "n of total" when it is cut. */
export function RemovableList({
  label,
  noun,
  rows,
  total,
  empty,
  busy,
  onRemove,
}: {
  label: string;
  noun: string;
  rows: ListRow[];
  total: number;
  empty: string;
  busy: boolean;
  onRemove: (row: ListRow) => void;
}) {
  const [removing, setRemoving] = useState<ListRow | null>(null);
  if (rows.length === 0) return <p className="px-5 py-6 text-center text-sm text-slate-500">{empty}</p>;
  return (
    <>
      <ul aria-label={label} className="divide-y divide-slate-100 border-t border-slate-100">
        {rows.map((r) => (
          <li key={r.id} className="flex flex-wrap items-start gap-x-4 gap-y-1 px-5 py-3 text-sm">
            <div className="min-w-0 flex-1 basis-64">
              <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{r.title}</p>
              {r.detail && <p className="text-slate-600 [overflow-wrap:anywhere]">{r.detail}</p>}
              <p className="text-xs text-slate-500 [overflow-wrap:anywhere]">{r.meta}</p>
            </div>
            <Button
              size="sm"
              variant="dangerGhost"
              disabled={busy}
              aria-label={`Remove ${noun} ${r.title}`}
              onClick={() => setRemoving(r)}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      {total > rows.length && (
        <p className="border-t border-slate-100 px-5 py-2 text-xs text-slate-500">
          The first {formatNumber(rows.length)} of {formatNumber(total)} shown.
        </p>
      )}
      <Dialog
        open={removing !== null}
        onDismiss={() => setRemoving(null)}
        title={`Remove this ${noun}?`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setRemoving(null)} autoFocus>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                if (removing) onRemove(removing);
                setRemoving(null);
              }}
            >
              Remove {noun}
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-800 [overflow-wrap:anywhere]">{removing?.title}</p>
      </Dialog>
    </>
  );
}
