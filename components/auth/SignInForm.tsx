"use client";

import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { CODE_MAX } from "@/lib/auth/schemas";
import { parseRefusal } from "@/lib/auth/signin-error";
import { Button } from "../ui/Button";
import { Field } from "../ui/Field";
import { OAuthButtons } from "./OAuthButtons";
import { passkeyAssertion } from "./passkey-assertion";

type Result = { error: string | null; status: number } | undefined;

/** What the form says about a failed sign-in (next-auth/react's result; undefined = no answer). */
function signInError(result: Result, sso: string | null): string {
  if (!result) return "Could not reach the server. Try again.";
  const refusal = parseRefusal(result.error);
  if (refusal?.kind === "Throttled")
    return `Too many sign-in attempts. Try again in ${formatWait(refusal.seconds)}.`;
  if (refusal) return "The server is busy. Try again in a moment.";
  if (result.error === "TwoFactorRequired") return "";
  if (result.error === "TwoFactorInvalid") return "Incorrect authentication code.";
  if (result.error === "PasskeyInvalid")
    return "That passkey could not sign you in here. Try another, or use your password.";
  if (result.error === "SsoRequired")
    return `Accounts with this email domain sign in with single sign-on: use "Continue with ${sso ?? "SSO"}".`;
  // One message for unknown email and wrong password alike: sign-in does not reveal who has an account.
  return "Incorrect email or password.";
}

const formatWait = (s: number) =>
  s < 90 ? `${s} second${s === 1 ? "" : "s"}` : `${Math.ceil(s / 60)} minutes`;

export function SignInForm({
  callbackUrl,
  github,
  sso = null,
  initialError,
  ticket = null,
}: {
  callbackUrl: string;
  github: boolean;
  /** OIDC_NAME when single sign-on is configured. */
  sso?: string | null;
  initialError: string;
  /** Set after a GitHub sign-in of a user with two-factor on: only the code is asked for. */
  ticket?: string | null;
}) {
  const [error, setError] = useState(initialError);
  const [pending, setPending] = useState(false);
  // Set once the server answered that this account needs its second factor.
  const [needsCode, setNeedsCode] = useState(Boolean(ticket));

  // The password step's fields, kept for a second step done with a passkey instead of a code.
  const [first, setFirst] = useState<Record<string, string>>(ticket ? { ticket } : {});

  const finish = async (provider: string, fields: Record<string, string>) => {
    const result = await signIn(provider, { ...fields, redirect: false }).catch(() => undefined);
    if (result?.ok && !result.error) {
      // A full navigation, so the server layout renders with the new session cookie.
      window.location.assign(callbackUrl);
      return;
    }
    setPending(false);
    if (result?.error === "TwoFactorRequired" || result?.error === "TwoFactorInvalid") setNeedsCode(true);
    setError(signInError(result, sso));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError("");
    const fields: Record<string, string> = ticket
      ? { ticket }
      : { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") };
    setFirst(fields);
    await finish("credentials", { ...fields, ...(needsCode ? { otp: String(form.get("otp") ?? "") } : {}) });
  };

  // "Sign in with a passkey" (alone), or the second step with a passkey instead of a code.
  const signInWithPasskey = async () => {
    setPending(true);
    setError("");
    const answer = await passkeyAssertion();
    if ("error" in answer) {
      setPending(false);
      setError(answer.error);
      return;
    }
    const assertion = JSON.stringify(answer.assertion);
    if (needsCode) await finish("credentials", { ...first, passkey: assertion });
    else await finish("passkey", { assertion });
  };

  return (
    <>
      {!ticket && (
        <OAuthButtons callbackUrl={callbackUrl} github={github} sso={sso}>
          {!needsCode && (
            <Button variant="secondary" className="w-full" onClick={signInWithPasskey} disabled={pending}>
              Continue with a passkey
            </Button>
          )}
        </OAuthButtons>
      )}
      <form onSubmit={submit} className="space-y-4">
        {!ticket && (
          <>
            <Field label="Email" name="email" type="email" autoComplete="email" required autoFocus />
            <Field
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
          </>
        )}
        {needsCode && (
          <Field
            label="Authentication code"
            name="otp"
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            autoFocus
            maxLength={CODE_MAX}
            hint="The 6-digit code from your authenticator app, or one of your recovery codes."
          />
        )}
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? "Signing in…" : needsCode ? "Verify and sign in" : "Sign in"}
        </Button>
      </form>
      {needsCode && (
        <Button variant="secondary" className="mt-3 w-full" onClick={signInWithPasskey} disabled={pending}>
          Use a passkey instead
        </Button>
      )}
      {!ticket && (
        <p className="mt-4 text-center text-sm">
          <a href="/reset-password" className="text-emerald-700 hover:underline">
            Forgot your password?
          </a>
        </p>
      )}
    </>
  );
}
