"use client";

import { useEffect, useState, type FormEvent } from "react";
import { KEY_NAME_MAX, keyName } from "@/lib/keys/schemas";
import type { KeyView } from "@/lib/keys/views";
import { useUpdateKeyMutation } from "../hooks/useKeysQuery";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { FieldError, inputClass } from "../ui/Field";
import { FormAlert, useFormErrors } from "../ui/useFormErrors";
import {
  defaultRestrictions,
  ExpiryAndScopes,
  hasProblems,
  LimitsFields,
  restrictionsOf,
  toOptions,
  type KeyField,
} from "./KeyRestrictionsFields";

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
  const form = useFormErrors<KeyField>();
  const { clear } = form;

  useEffect(() => {
    if (!apiKey) return;
    setName(apiKey.name);
    setRestrictions(restrictionsOf(apiKey));
    clear();
  }, [apiKey, clear]);

  const close = () => {
    if (update.isPending) return;
    update.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!apiKey) return;
    const named = keyName.safeParse(name);
    const options = toOptions(restrictions);
    const problems = hasProblems(options) ? { ...options } : {};
    if (!named.success) problems.name = named.error.issues[0].message;
    if (!named.success || hasProblems(options)) return form.fail(problems);
    form.clear();
    update.mutate(
      { id: apiKey.id, patch: { name: named.data, ...options } },
      {
        onSuccess: (saved) => {
          update.reset();
          onSaved(saved);
        },
        onError: form.failWith,
      },
    );
  };

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
          <FormAlert form={form} />
          <p className="text-sm text-slate-700">
            <code className="rounded bg-slate-100 px-1 font-mono text-[13px]">{apiKey.prefix}…</code> (
            {apiKey.environment})
          </p>
          <div>
            <label htmlFor={form.idOf("name")} className="text-sm font-medium text-slate-800">
              Name
            </label>
            <input
              {...form.field("name")}
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={KEY_NAME_MAX}
              required
              data-autofocus
              autoComplete="off"
              className={inputClass}
            />
            <FieldError id={form.idOf("name")} message={form.errors.name} />
          </div>
          <ExpiryAndScopes
            value={restrictions}
            onChange={setRestrictions}
            keepLabel={apiKey.expiresAt ? `Keep ${apiKey.expiresAt.slice(0, 10)}` : undefined}
            form={form}
          />
          <LimitsFields value={restrictions} onChange={setRestrictions} form={form} />
        </form>
      )}
    </Dialog>
  );
}
