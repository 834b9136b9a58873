"use client";

import { useState, type FormEvent } from "react";
import type { PasskeyView } from "@/lib/passkeys/manage";
import { PASSKEY_NAME_MAX } from "@/lib/passkeys/schemas";
import { Field } from "../ui/Field";
import { useAddPasskey, usePasskeysQuery, useRemovePasskey, useRenamePasskey } from "../hooks/usePasskeys";
import { Ago } from "../ui/Ago";
import { Badge } from "../ui/Badge";
import { Button } from "../ui/Button";
import { Card, CardHeader } from "../ui/Card";
import { formatDateTime } from "../ui/format";
import { ErrorState, Skeleton } from "../ui/States";

const fieldOf = (event: FormEvent<HTMLFormElement>, name: string) =>
  String(new FormData(event.currentTarget).get(name) ?? "").trim();

/** Passkeys: add one (after re-authentication), list them, rename, remove. */
export function PasskeysCard() {
  const passkeys = usePasskeysQuery();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const rename = useRenamePasskey();
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const error = [add, remove, rename].find((m) => m.isError)?.error;

  const submitAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    add.mutate(fieldOf(event, "name"), { onSuccess: () => form.reset() });
  };
  const submitRename = (id: string) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    rename.mutate({ id, name: fieldOf(event, "name") }, { onSuccess: () => setEditing(null) });
  };

  return (
    <Card>
      <CardHeader
        title="Passkeys"
        description="Sign in with your device's screen lock, fingerprint or face instead of a password. With two-factor on, a passkey also works instead of a code."
        action={
          passkeys.data && (
            <Badge tone={passkeys.data.length ? "green" : "gray"} dot>
              {passkeys.data.length ? `${passkeys.data.length} added` : "None"}
            </Badge>
          )
        }
      />
      <div className="space-y-4 px-5 py-4 text-sm text-slate-700">
        {passkeys.isPending ? (
          <Skeleton className="h-4 w-64" />
        ) : passkeys.isError ? (
          <ErrorState error={passkeys.error} onRetry={() => passkeys.refetch()} what="your passkeys" />
        ) : (
          passkeys.data.length > 0 && (
            <ul
              className="divide-y divide-slate-100 rounded-md border border-slate-200"
              aria-label="Passkeys"
            >
              {passkeys.data.map((p) => (
                <li key={p.id} className="px-4 py-3">
                  {editing === p.id ? (
                    <form onSubmit={submitRename(p.id)} className="flex flex-wrap items-end gap-3">
                      <div className="w-64 max-w-full">
                        <Field
                          label={`New name for ${p.name}`}
                          name="name"
                          defaultValue={p.name}
                          required
                          maxLength={PASSKEY_NAME_MAX}
                          autoFocus
                        />
                      </div>
                      <Button type="submit" size="sm" disabled={rename.isPending}>
                        Save name
                      </Button>
                      <Button variant="secondary" size="sm" onClick={() => setEditing(null)}>
                        Cancel
                      </Button>
                    </form>
                  ) : removing === p.id ? (
                    <RemoveConfirm
                      passkey={p}
                      pending={remove.isPending}
                      onConfirm={() => remove.mutate(p.id, { onSuccess: () => setRemoving(null) })}
                      onCancel={() => setRemoving(null)}
                    />
                  ) : (
                    <PasskeyRow
                      passkey={p}
                      onRename={() => setEditing(p.id)}
                      onRemove={() => setRemoving(p.id)}
                    />
                  )}
                </li>
              ))}
            </ul>
          )
        )}
        <form onSubmit={submitAdd} className="flex flex-wrap items-end gap-3">
          <div className="w-64 max-w-full">
            <Field
              label="Name for a new passkey"
              name="name"
              required
              maxLength={PASSKEY_NAME_MAX}
              placeholder="e.g. Work laptop"
              hint="Needs your password, a code or a passkey from the last 10 minutes (Confirm it's you)."
            />
          </div>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? "Waiting for your device…" : "Add a passkey"}
          </Button>
        </form>
        {add.isSuccess && (
          <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-emerald-800">
            Passkey “{add.data.name}” added. You can sign in with it now.
          </p>
        )}
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-700">
            {error.message}
          </p>
        )}
      </div>
    </Card>
  );
}

function PasskeyRow({
  passkey: p,
  onRename,
  onRemove,
}: {
  passkey: PasskeyView;
  onRename: () => void;
  onRemove: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="min-w-0">
        <p className="break-words font-medium text-slate-900">{p.name}</p>
        <p className="mt-0.5 text-slate-600">
          Added {formatDateTime(p.createdAt)} ·{" "}
          {p.lastUsedAt ? (
            <>
              last used <Ago iso={p.lastUsedAt} />
            </>
          ) : (
            "never used"
          )}
        </p>
      </div>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" onClick={onRename} aria-label={`Rename passkey ${p.name}`}>
          Rename
        </Button>
        <Button variant="secondary" size="sm" onClick={onRemove} aria-label={`Remove passkey ${p.name}`}>
          Remove
        </Button>
      </div>
    </div>
  );
}

function RemoveConfirm({
  passkey,
  pending,
  onConfirm,
  onCancel,
}: {
  passkey: PasskeyView;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="w-full text-slate-900">
        Remove “{passkey.name}”? It can no longer sign in to Statline. The device keeps it until you delete it
        there.
      </p>
      <Button variant="danger" size="sm" onClick={onConfirm} disabled={pending} autoFocus>
        Remove passkey
      </Button>
      <Button variant="secondary" size="sm" onClick={onCancel}>
        Keep it
      </Button>
    </div>
  );
}
