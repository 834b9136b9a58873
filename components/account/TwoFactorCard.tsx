"use client";

import { useState, type FormEvent } from "react";
import { CODE_MAX } from "@/lib/auth/schemas";
import { Field } from "../ui/Field";
import { useTwoFactorMutation, useTwoFactorQuery } from "../hooks/useTwoFactor";
import { Badge } from "../ui/Badge";
import { Button, focusRing } from "../ui/Button";
import { CopyButton } from "../ui/CopyButton";
import { Card, CardHeader } from "../ui/Card";
import { ErrorState, Skeleton } from "../ui/States";
import { FormAlert, useFormErrors } from "../ui/useFormErrors";

type Setup = { secret: string; uri: string; qrSvg: string };

/** Optional TOTP two-factor sign-in: set up with an authenticator app, recovery codes, turn off. */
export function TwoFactorCard() {
  const status = useTwoFactorQuery();
  const setup = useTwoFactorMutation<Setup>("setup");
  const enable = useTwoFactorMutation<{ recoveryCodes: string[] }>("enable");
  const disable = useTwoFactorMutation<{ enabled: false }>("disable");
  const [codes, setCodes] = useState<string[] | null>(null);
  // The code's refusal under the code field; setup's (a re-authentication, say) at the card's top.
  const form = useFormErrors<"code">();

  const submit =
    (run: (code: string, onError: (e: unknown) => void) => void) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
      if (!code) return form.fail({ code: "Enter the code your authenticator app shows." });
      form.clear();
      run(code, form.failWith);
    };

  return (
    <Card>
      <CardHeader
        title="Two-factor authentication"
        description="Ask for a code from an authenticator app at every sign-in."
        action={
          status.data && (
            <Badge tone={status.data.enabled ? "green" : "gray"} dot>
              {status.data.enabled ? "On" : "Off"}
            </Badge>
          )
        }
      />
      <div className="space-y-4 px-5 py-4 text-sm text-slate-700">
        <FormAlert form={form} />
        {status.isPending ? (
          <Skeleton className="h-4 w-64" />
        ) : status.isError ? (
          <ErrorState error={status.error} onRetry={() => status.refetch()} what="two-factor settings" />
        ) : codes ? (
          <div>
            <p className="font-medium text-slate-900">
              Two-factor authentication is on. Save these recovery codes now.
            </p>
            <p className="mt-1">
              Each works once if you lose your authenticator app. They are not shown again.
            </p>
            <ul
              aria-label="Recovery codes"
              className="mt-3 grid grid-cols-2 gap-2 font-mono text-[13px] sm:grid-cols-5"
            >
              {codes.map((c) => (
                <li key={c} className="rounded bg-slate-100 px-2 py-1 text-slate-900">
                  {c}
                </li>
              ))}
            </ul>
            {/* Copy or download them in one go; the file never leaves the browser. */}
            <div className="mt-4 flex flex-wrap gap-2">
              <CopyButton text={codes.join("\n")} label="Copy codes" size="sm" />
              <a
                href={`data:text/plain;charset=utf-8,${encodeURIComponent(`Statline recovery codes (each works once)\n${codes.join("\n")}\n`)}`}
                download="statline-recovery-codes.txt"
                className={`inline-flex h-8 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 ${focusRing}`}
              >
                Download .txt
              </a>
              <Button variant="secondary" size="sm" onClick={() => setCodes(null)}>
                I have saved them
              </Button>
            </div>
          </div>
        ) : status.data.enabled ? (
          <form
            onSubmit={submit((code, onError) => disable.mutate(code, { onError }))}
            noValidate
            className="flex flex-wrap items-start gap-3"
          >
            <p className="w-full">
              {status.data.recoveryCodesLeft} recovery codes left. To turn two-factor off, enter a current
              code.
            </p>
            <div className="w-56">
              <Field
                {...form.field("code")}
                error={form.errors.code}
                label="Code to turn off"
                name="code"
                autoComplete="one-time-code"
                required
                maxLength={CODE_MAX}
              />
            </div>
            <Button type="submit" variant="danger" className="sm:mt-7" disabled={disable.isPending}>
              Turn off
            </Button>
          </form>
        ) : setup.data ? (
          <form
            onSubmit={submit((code, onError) =>
              enable.mutate(code, { onSuccess: (r) => setCodes(r.recoveryCodes), onError }),
            )}
            noValidate
            className="space-y-3"
          >
            <p>
              Scan this QR code with your authenticator app (or enter the key by hand, or open the link on
              your phone), then enter the code it shows.
            </p>
            {/* An <img> of the server's SVG: shown, never run as markup. */}
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.data.qrSvg)}`}
              alt="QR code for your authenticator app"
              width={200}
              height={200}
              data-testid="totp-qr"
              className="rounded border border-slate-200 bg-white"
            />
            <div className="flex flex-wrap items-center gap-2">
              <p className="min-w-0 flex-1 break-all rounded bg-slate-100 px-3 py-2 font-mono text-[13px] text-slate-900">
                {setup.data.secret}
              </p>
              <CopyButton text={setup.data.secret} label="Copy secret" size="sm" />
            </div>
            <a className="inline-block break-all text-emerald-700 underline" href={setup.data.uri}>
              Open in authenticator app
            </a>
            <div className="flex flex-wrap items-start gap-3">
              <div className="w-56">
                <Field
                  {...form.field("code")}
                  error={form.errors.code}
                  label="Code from the app"
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  required
                  maxLength={6}
                />
              </div>
              <Button type="submit" className="sm:mt-7" disabled={enable.isPending}>
                Turn on
              </Button>
            </div>
          </form>
        ) : (
          <Button
            onClick={() => {
              form.clear();
              setup.mutate(undefined, { onError: form.failWith });
            }}
            disabled={setup.isPending}
          >
            Set up two-factor authentication
          </Button>
        )}
      </div>
    </Card>
  );
}
