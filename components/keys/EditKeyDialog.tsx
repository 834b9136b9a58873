"use client";

import { useEffect, useId, useState, type FormEvent } from "react";
import type { KeyView } from "@/lib/keys/views";
import { useUpdateKeyMutation } from "../hooks/useKeysQuery";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import {
  defaultRestrictions,
  ExpiryAndScopes,
  LimitsFields,
  restrictionsOf,
  toOptions,
} from "./KeyRestrictionsFields";

const NAME_MAX = 100;

/**
 * Edit a key in place (Unkey's and Stripe's "edit key"): name, scopes, expiry, IP allowlist, limits
 * and note. The secret stays the same; every instance applies the change within 2 s.
 */
export function EditKeyDialog({
  apiKey,
  onClose,
  onSaved,
}: {
  apiKey: KeyView | null;
  onClose: () => void;
  onSaved: (k: KeyView) => void;
}) {
  const update = useUpdateKeyMutation();
  const [name, setName] = useState("");
  const [restrictions, setRestrictions] = useState(defaultRestrictions);
  const [problem, setProblem] = useState("");
  const nameId = useId();
  const errorId = useId();

  useEffect(() => {
    if (!apiKey) return;
    setName(apiKey.name);
    setRestrictions(restrictionsOf(apiKey));
    setProblem("");
  }, [apiKey]);

  const close = () => {
    if (update.isPending) return;
    update.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!apiKey) return;
    const trimmed = name.trim();
    if (!trimmed) return setProblem("The name cannot be empty.");
    const options = toOptions(restrictions);
    if (typeof options === "string") return setProblem(options);
    setProblem("");
    update.mutate(
      { id: apiKey.id, patch: { name: trimmed, ...options } },
      {
        onSuccess: (saved) => {
          update.reset();
          onSaved(saved);
        },
      },
    );
  };

  const error = problem || (update.isError ? update.error.message : "");

  return (
    <Dialog
      open={apiKey !== null}
      onDismiss={close}
      title="Edit API key"
      description="The secret stays the same. Changes apply to requests within 2 seconds."
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="edit-key-form" disabled={update.isPending}>
            {update.isPending ? "Saving…" : "Save changes"}
          </Button>
        </>
      }
    >
      {apiKey && (
        <form id="edit-key-form" onSubmit={submit} noValidate className="space-y-5">
          <p className="text-sm text-slate-700">
            <code className="rounded bg-slate-100 px-1 font-mono text-[13px]">{apiKey.prefix}…</code> (
            {apiKey.environment})
          </p>
          <div>
            <label htmlFor={nameId} className="text-sm font-medium text-slate-800">
              Name
            </label>
            <input
              id={nameId}
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={NAME_MAX}
              required
              data-autofocus
              autoComplete="off"
              aria-invalid={Boolean(problem)}
              aria-describedby={error ? errorId : undefined}
              className="mt-1.5 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/25 aria-[invalid=true]:border-red-500"
            />
          </div>
          <ExpiryAndScopes
            value={restrictions}
            onChange={setRestrictions}
            keepLabel={apiKey.expiresAt ? `Keep ${apiKey.expiresAt.slice(0, 10)}` : undefined}
          />
          <LimitsFields value={restrictions} onChange={setRestrictions} />
          {error && (
            <p id={errorId} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
              {error}
            </p>
          )}
        </form>
      )}
    </Dialog>
  );
}
