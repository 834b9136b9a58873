"use client";

import { useState, type FormEvent } from "react";
import { Button } from "../ui/Button";
import { Field } from "../ui/Field";

async function post(path: string, body: unknown): Promise<string | null> {
  const res = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  }).catch(() => null);
  if (!res) return "Could not reach the server. Try again.";
  if (res.ok) return null;
  const body2 = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
  return body2?.error?.message ?? "Something went wrong. Try again.";
}

/** Step 1 (no token): email → link sent. Step 2 (token from the link): the new password. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const [error, setError] = useState("");
  const [done, setDone] = useState("");
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError("");
    const problem = token
      ? await post("/api/password-reset/confirm", { token, password: String(form.get("password") ?? "") })
      : await post("/api/password-reset", { email: String(form.get("email") ?? "") });
    setPending(false);
    if (problem) return setError(problem);
    setDone(
      token
        ? "Your password is changed. Sign in with it."
        : "If an account has this email, a reset link is on its way. Check your inbox.",
    );
  };

  if (done)
    return (
      <p role="status" className="text-sm text-slate-700">
        {done}{" "}
        {token && (
          <a href="/signin" className="font-medium text-emerald-700 hover:underline">
            Sign in
          </a>
        )}
      </p>
    );
  return (
    <form onSubmit={submit} className="space-y-4">
      {token ? (
        <Field
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          autoFocus
        />
      ) : (
        <Field label="Email" name="email" type="email" autoComplete="email" required autoFocus />
      )}
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {/* A link that stopped working while the page was open: the way on is a link, not words. */}
          {error.endsWith(" Ask for a new one.") ? (
            <>
              {error.slice(0, -" Ask for a new one.".length)}{" "}
              <a href="/reset-password" className="font-medium underline">
                Ask for a new one
              </a>
              .
            </>
          ) : (
            error
          )}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={pending}>
        {token ? "Set new password" : "Email me a link"}
      </Button>
    </form>
  );
}
