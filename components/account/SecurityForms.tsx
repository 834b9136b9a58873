"use client";

import { useMutation } from "@tanstack/react-query";
import { type FormEvent } from "react";
import { Field } from "../ui/Field";
import { proofOf, PASSWORD_MAX, type PasswordChangeInput } from "@/lib/auth/schemas";
import { useApi } from "../hooks/useApi";
import { usePasskeysQuery } from "../hooks/usePasskeys";
import { useReauthMutation } from "../hooks/useReauth";
import { Button } from "../ui/Button";
import { Card, CardHeader } from "../ui/Card";
import { FormAlert, useFormErrors } from "../ui/useFormErrors";

const field = (event: FormEvent<HTMLFormElement>, name: string) =>
  String(new FormData(event.currentTarget).get(name) ?? "");

function Done({ done }: { done: string | null }) {
  return done ? (
    <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-emerald-800">
      {done}
    </p>
  ) : null;
}

/**
 * Re-authentication: security changes need the password, a code or one of the user's passkeys
 * within the last 10 minutes.
 */
export function ConfirmIdentityCard() {
  const confirm = useReauthMutation();
  const hasPasskey = (usePasskeysQuery().data?.length ?? 0) > 0;
  // The server names `password` or `code`: both are this one field. A refused passkey is the form's.
  const form = useFormErrors<"secret">({ password: "secret", code: "secret" });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = event.currentTarget;
    const secret = field(event, "secret").trim();
    if (!secret) return form.fail({ secret: "Enter your password or a 6-digit code." });
    form.clear();
    confirm.mutate(proofOf(secret), {
      // Cleared once it worked; a wrong one stays to be corrected.
      onSuccess: () => target.reset(),
      onError: form.failWith,
    });
  };
  const withPasskey = () => {
    form.clear();
    confirm.mutate("passkey", { onError: form.failWith });
  };
  const until = confirm.data ? new Date(confirm.data.reauthenticatedUntil).toLocaleTimeString() : null;
  return (
    <Card>
      <CardHeader
        title="Confirm it's you"
        description="Two-factor changes, GitHub linking and live keys need your password, an authentication code or a passkey from the last 10 minutes (signing in counts)."
      />
      <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-3 px-5 py-4 text-sm">
        <div className="w-full">
          <FormAlert form={form} />
        </div>
        <div className="w-72 max-w-full">
          <Field
            {...form.field("secret")}
            error={form.errors.secret}
            label="Password or 6-digit code"
            name="secret"
            type="password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX}
          />
        </div>
        <Button type="submit" variant="secondary" className="sm:mt-7" disabled={confirm.isPending}>
          Confirm
        </Button>
        {hasPasskey && (
          <Button variant="secondary" className="sm:mt-7" onClick={withPasskey} disabled={confirm.isPending}>
            Confirm with a passkey
          </Button>
        )}
        <div className="w-full empty:hidden">
          <Done done={until && `Confirmed until ${until}.`} />
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
    mutationFn: (body: PasswordChangeInput) =>
      api.post<{ otherSessionsEnded: number }>("/api/dashboard/password", body),
  });
  const form = useFormErrors<"currentPassword" | "newPassword" | "confirmPassword">();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = event.currentTarget;
    const newPassword = field(event, "newPassword");
    if (!newPassword) return form.fail({ newPassword: "Enter the new password." });
    if (newPassword !== field(event, "confirmPassword"))
      return form.fail({ confirmPassword: "This differs from the new password above." });
    form.clear();
    change.mutate(
      { currentPassword: field(event, "currentPassword"), newPassword },
      // The fields are emptied only once the change is made: a refusal keeps what was typed.
      { onSuccess: () => target.reset(), onError: form.failWith },
    );
  };
  const done = change.data
    ? `Password changed. ${change.data.otherSessionsEnded} other session(s) signed out.`
    : null;
  return (
    <Card>
      <CardHeader title="Password" description="Change your password. Other devices are signed out." />
      <form onSubmit={submit} noValidate className="grid gap-3 px-5 py-4 text-sm sm:max-w-md">
        <FormAlert form={form} />
        <Field
          {...form.field("currentPassword")}
          error={form.errors.currentPassword}
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
        />
        <Field
          {...form.field("newPassword")}
          error={form.errors.newPassword}
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
        />
        <Field
          {...form.field("confirmPassword")}
          error={form.errors.confirmPassword}
          label="New password again"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
        />
        <Button type="submit" disabled={change.isPending}>
          Change password
        </Button>
        <Done done={done} />
      </form>
    </Card>
  );
}
