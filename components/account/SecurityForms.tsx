"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Field } from "../auth/Field";
import { useApi } from "../hooks/useApi";
import { Button } from "../ui/Button";
import { Card, CardHeader } from "../ui/Card";

const field = (event: FormEvent<HTMLFormElement>, name: string) =>
  String(new FormData(event.currentTarget).get(name) ?? "");

function Message({ error, done }: { error: Error | null; done: string | null }) {
  if (error)
    return (
      <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-700">
        {error.message}
      </p>
    );
  return done ? (
    <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-emerald-800">
      {done}
    </p>
  ) : null;
}

/** Re-authentication: security changes need the password or a code within the last 10 minutes. */
export function ConfirmIdentityCard() {
  const api = useApi();
  const confirm = useMutation({
    gcTime: 0,
    mutationFn: (body: { password?: string; code?: string }) =>
      api.post<{ reauthenticatedUntil: string }>("/api/dashboard/reauth", body),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const secret = field(event, "secret").trim();
    confirm.mutate(/^\d{6}$/.test(secret) ? { code: secret } : { password: secret });
    event.currentTarget.reset();
  };
  const until = confirm.data ? new Date(confirm.data.reauthenticatedUntil).toLocaleTimeString() : null;
  return (
    <Card>
      <CardHeader
        title="Confirm it's you"
        description="Two-factor changes, GitHub linking and live keys need your password or an authentication code from the last 10 minutes (signing in counts)."
      />
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3 px-5 py-4 text-sm">
        <div className="w-72">
          <Field
            label="Password or 6-digit code"
            name="secret"
            type="password"
            autoComplete="current-password"
            required
            maxLength={200}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={confirm.isPending}>
          Confirm
        </Button>
        <div className="w-full">
          <Message error={confirm.error} done={until && `Confirmed until ${until}.`} />
        </div>
      </form>
    </Card>
  );
}

/** Password change: the current password, then the new one; every other session ends. */
export function PasswordCard() {
  const api = useApi();
  const change = useMutation({
    gcTime: 0,
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api.post<{ otherSessionsEnded: number }>("/api/dashboard/password", body),
  });
  const [mismatch, setMismatch] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const newPassword = field(event, "newPassword");
    setMismatch(newPassword !== field(event, "confirmPassword"));
    if (newPassword !== field(event, "confirmPassword")) return;
    change.mutate({ currentPassword: field(event, "currentPassword"), newPassword });
    event.currentTarget.reset();
  };
  const done = change.data
    ? `Password changed. ${change.data.otherSessionsEnded} other session(s) signed out.`
    : null;
  return (
    <Card>
      <CardHeader title="Password" description="Change your password. Other devices are signed out." />
      <form onSubmit={submit} className="grid gap-3 px-5 py-4 text-sm sm:max-w-md">
        <Field
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          maxLength={200}
        />
        <Field label="New password" name="newPassword" type="password" autoComplete="new-password" required />
        <Field
          label="New password again"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
        />
        <Button type="submit" disabled={change.isPending}>
          Change password
        </Button>
        <Message error={mismatch ? new Error("The two new passwords differ") : change.error} done={done} />
      </form>
    </Card>
  );
}
