"use client";

import Link from "next/link";
import { signIn } from "next-auth/react";
import { useState, type FormEvent, type ReactNode } from "react";
import { Button } from "../ui/Button";
import { Field } from "../ui/Field";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX } from "@/lib/auth/limits";
import { OAuthButtons } from "./OAuthButtons";

export function SignUpForm({
  callbackUrl,
  github,
  sso,
}: {
  callbackUrl: string;
  github: boolean;
  sso: string | null;
}) {
  const [error, setError] = useState<ReactNode>("");
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "");
    const password = String(form.get("password") ?? "");
    setPending(true);
    setError("");
    try {
      const res = await fetch("/api/signup", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: String(form.get("name") ?? "") || undefined, email, password }),
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as {
          error?: { code: string; message: string };
        } | null;
        setPending(false);
        setError(body?.error?.message ?? "Could not create the account. Try again.");
        return;
      }
      const result = await signIn("credentials", { email, password, redirect: false });
      if (!result?.ok || result.error) {
        // The server answers a registered email like a new one (no enumeration), so this is
        // where an existing account shows: the password given is not its password.
        setPending(false);
        setError(
          <>
            Could not sign you in with these details. If you already have an account,{" "}
            <Link href="/signin" className="font-medium underline">
              sign in
            </Link>{" "}
            instead.
          </>,
        );
        return;
      }
      window.location.assign(callbackUrl);
    } catch {
      setPending(false);
      setError("Could not reach the server. Try again.");
    }
  };

  return (
    <>
      <OAuthButtons callbackUrl={callbackUrl} github={github} sso={sso} />
      <form onSubmit={submit} className="space-y-4">
        <Field label="Name" name="name" autoComplete="name" maxLength={NAME_MAX} placeholder="Optional" />
        <Field label="Email" name="email" type="email" autoComplete="email" required maxLength={EMAIL_MAX} />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={10}
          maxLength={PASSWORD_MAX}
          hint="At least 10 characters, hard to guess: a phrase of unrelated words works well."
        />
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? "Creating account…" : "Create account"}
        </Button>
      </form>
    </>
  );
}
