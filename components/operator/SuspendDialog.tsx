"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { PASSWORD_MAX, proofOf } from "@/lib/auth/schemas";
import { useApi } from "../hooks/useApi";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { Field } from "../ui/Field";
import { FormAlert, useFormErrors } from "../ui/useFormErrors";

/**
 * Suspending asks first: what it does, and the operator's password or code in the same dialog (the
 * route needs a re-authentication within 10 minutes), so nothing has to be found further down the
 * page on a phone. The proof is sent first (POST /api/dashboard/reauth), then the suspension.
 */
export function SuspendDialog({
  open,
  accountName,
  reason,
  onClose,
  onSuspended,
  suspendPath,
}: {
  open: boolean;
  accountName: string;
  reason: string;
  onClose: () => void;
  onSuspended: () => void;
  suspendPath: string;
}) {
  const api = useApi();
  const form = useFormErrors<"secret" | "reason">({ password: "secret", code: "secret" });
  const [secret, setSecret] = useState("");
  const suspend = useMutation({
    gcTime: 0,
    mutationFn: async (proof: string) => {
      await api.post("/api/dashboard/reauth", proofOf(proof));
      return api.post(suspendPath, { reason });
    },
  });
  const close = () => {
    if (suspend.isPending) return;
    setSecret("");
    form.clear();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const proof = secret.trim();
    if (!proof) return form.fail({ secret: "Enter your password or a 6-digit code to confirm." });
    form.clear();
    suspend.mutate(proof, {
      onSuccess: () => {
        setSecret("");
        onSuspended();
      },
      onError: form.failWith,
    });
  };
  return (
    <Dialog
      open={open}
      onDismiss={close}
      title="Suspend this account?"
      description={<span className="[overflow-wrap:anywhere]">{accountName}</span>}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={suspend.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="suspend-form" variant="danger" disabled={suspend.isPending}>
            {suspend.isPending ? "Suspending…" : "Suspend account"}
          </Button>
        </>
      }
    >
      <form id="suspend-form" onSubmit={submit} noValidate className="space-y-4 text-sm text-slate-700">
        <FormAlert form={form} />
        <ul className="list-disc space-y-1 pl-5">
          <li>Its API keys are refused with 401 within seconds, on every instance.</li>
          <li>Its members see the reason on every dashboard page and can make no key.</li>
          <li>Reinstating it later lets the same keys work again.</li>
        </ul>
        <p className="[overflow-wrap:anywhere]">
          Reason shown to the account: <strong className="font-medium text-slate-900">{reason}</strong>
        </p>
        <Field
          {...form.field("secret")}
          error={form.errors.secret}
          label="Your password or a 6-digit code"
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
          data-autofocus
        />
      </form>
    </Dialog>
  );
}
