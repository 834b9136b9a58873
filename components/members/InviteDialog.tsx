"use client";

import { useState, type FormEvent } from "react";
import type { Invited } from "@/lib/workspaces/invite";
import type { Role } from "@/lib/workspaces/permissions";
import { EMAIL_MAX } from "@/lib/workspaces/schemas";
import { Field } from "../ui/Field";
import { useMemberMutations } from "../hooks/useMembersQuery";
import { Button } from "../ui/Button";
import { CopyButton } from "../ui/CopyButton";
import { Dialog } from "../ui/Dialog";
import { FormAlert, useFormErrors } from "../ui/useFormErrors";
import { RoleSelect } from "./RoleSelect";

/**
 * Invite by email with a role. With SMTP the link goes only to the address; without it the
 * dialog shows the link once, for the inviter to pass on.
 */
export function InviteDialog({
  open,
  onClose,
  assignable,
  mail,
}: {
  open: boolean;
  onClose: () => void;
  assignable: Role[];
  mail: boolean;
}) {
  const { invite } = useMemberMutations();
  const [role, setRole] = useState<Role>("developer");
  const [done, setDone] = useState<Invited | null>(null);
  const form = useFormErrors<"email" | "role">();
  const close = () => {
    setDone(null);
    invite.reset();
    form.clear();
    onClose();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(email))
      return form.fail({
        email: email ? `${email} is not an email address` : "Enter the email address to invite.",
      });
    form.clear();
    invite.mutate({ email, role }, { onSuccess: setDone, onError: form.failWith });
  };
  return (
    <Dialog
      open={open}
      onDismiss={close}
      title={done ? "Invitation ready" : "Invite a member"}
      description={
        done
          ? undefined
          : mail
            ? "We email a link that works once, for 7 days."
            : "Email is not configured: you get a link to send yourself. It works once, for 7 days."
      }
      footer={
        done ? (
          <Button onClick={close}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" form="invite-form" disabled={invite.isPending}>
              {invite.isPending ? "Inviting…" : "Send invitation"}
            </Button>
          </>
        )
      }
    >
      {done ? (
        <div role="status" className="space-y-3 text-sm text-slate-700">
          {done.link ? (
            <>
              <p className="[overflow-wrap:anywhere]">
                Send this link to <strong>{done.email}</strong>. It is shown only now.
              </p>
              <code className="block rounded-md bg-slate-100 p-2 text-xs [overflow-wrap:anywhere]">
                {done.link}
              </code>
              <CopyButton text={done.link} label="Copy link" size="sm" />
            </>
          ) : (
            <p className="[overflow-wrap:anywhere]">
              Invitation sent to <strong>{done.email}</strong> as {done.role}.
            </p>
          )}
        </div>
      ) : (
        <form id="invite-form" onSubmit={submit} noValidate className="space-y-4">
          <FormAlert form={form} />
          <Field
            {...form.field("email")}
            error={form.errors.email}
            label="Email"
            name="email"
            type="email"
            required
            maxLength={EMAIL_MAX}
            autoComplete="off"
            data-autofocus
          />
          <RoleSelect value={role} onChange={setRole} roles={assignable} />
        </form>
      )}
    </Dialog>
  );
}
