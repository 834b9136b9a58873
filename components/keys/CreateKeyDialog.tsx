"use client";

import type { UseMutationResult } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { KEY_NAME_MAX, keyName, type CreateKeyInput, type Environment } from "@/lib/keys/schemas";
import type { CreatedKey } from "@/lib/keys/views";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { FieldError, inputClass } from "../ui/Field";
import { FormAlert, useFormErrors } from "../ui/useFormErrors";
import {
  defaultRestrictions,
  ExpiryAndScopes,
  hasProblems,
  LimitsFields,
  toOptions,
  type KeyField,
} from "./KeyRestrictionsFields";

type CreateMutation = UseMutationResult<CreatedKey, Error, CreateKeyInput>;

const ENVIRONMENTS: { value: Environment; title: string; text: string }[] = [
  { value: "test", title: "Test", text: "For development, CI and staging. Prefix sk_test_." },
  { value: "live", title: "Live", text: "For production traffic. Prefix sk_live_." },
];

export function CreateKeyDialog({
  open,
  mutation,
  onClose,
  onCreated,
  defaultEnvironment = "test",
}: {
  /** The dashboard's test/live switch: in the Live view a new key is live unless changed. */
  defaultEnvironment?: Environment;
  open: boolean;
  mutation: CreateMutation;
  onClose: () => void;
  onCreated: (created: CreatedKey) => void;
}) {
  const [name, setName] = useState("");
  const [environment, setEnvironment] = useState<Environment>(defaultEnvironment);
  const [restrictions, setRestrictions] = useState(defaultRestrictions);
  const form = useFormErrors<KeyField>();
  const { clear } = form;

  useEffect(() => {
    if (open) {
      setName("");
      setEnvironment(defaultEnvironment);
      clear();
      setRestrictions(defaultRestrictions());
    }
  }, [open, defaultEnvironment, clear]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The name by the route's own schema (lib/keys/schemas.ts): the same limit and message.
    const named = keyName.safeParse(name);
    const options = toOptions(restrictions);
    const problems = hasProblems(options) ? { ...options } : {};
    if (!named.success) problems.name = named.error.issues[0].message;
    if (!named.success || hasProblems(options)) return form.fail(problems);
    form.clear();
    mutation.mutate(
      { name: named.data, environment, options },
      { onSuccess: onCreated, onError: form.failWith },
    );
  };

  return (
    <Dialog
      open={open}
      onDismiss={() => !mutation.isPending && onClose()}
      title="Create API key"
      description="The full key is shown once, right after it is created."
      footer={
        // In the dialog's fixed footer (form= ties it to the form): always in view.
        <>
          <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="create-key-form" disabled={mutation.isPending}>
            {mutation.isPending ? "Creating…" : "Create key"}
          </Button>
        </>
      }
    >
      <form id="create-key-form" onSubmit={submit} noValidate className="space-y-5">
        <FormAlert form={form} />
        <div>
          <div className="flex items-baseline justify-between">
            <label htmlFor={form.idOf("name")} className="text-sm font-medium text-slate-800">
              Name
            </label>
            <span className="text-xs text-slate-600" aria-hidden="true">
              {name.trim().length}/{KEY_NAME_MAX}
            </span>
          </div>
          <input
            {...form.field("name")}
            name="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={KEY_NAME_MAX}
            required
            data-autofocus
            autoComplete="off"
            placeholder="e.g. Production backend"
            className={inputClass}
          />
          <FieldError id={form.idOf("name")} message={form.errors.name} />
        </div>

        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Environment</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {ENVIRONMENTS.map((env) => (
              <label
                key={env.value}
                className="flex cursor-pointer gap-3 rounded-lg border border-slate-200 p-3 transition-colors hover:bg-slate-50 has-[:checked]:border-emerald-600 has-[:checked]:bg-emerald-50/50 has-[:checked]:ring-1 has-[:checked]:ring-emerald-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-emerald-600"
              >
                <input
                  type="radio"
                  name="environment"
                  value={env.value}
                  checked={environment === env.value}
                  onChange={() => setEnvironment(env.value)}
                  className="mt-0.5 accent-emerald-700"
                />
                <span>
                  <span className="block text-sm font-medium text-slate-900">{env.title}</span>
                  <span className="mt-0.5 block text-xs text-slate-500">{env.text}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <ExpiryAndScopes value={restrictions} onChange={setRestrictions} form={form} />
        <details className="rounded-lg border border-slate-200 px-3 py-2">
          <summary className="cursor-pointer text-sm font-medium text-slate-800">
            IP allowlist, limits and note
          </summary>
          <div className="mt-3 space-y-4">
            <LimitsFields value={restrictions} onChange={setRestrictions} form={form} />
          </div>
        </details>
      </form>
    </Dialog>
  );
}
