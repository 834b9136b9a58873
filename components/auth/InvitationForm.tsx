"use client";

import Link from "next/link";
import { signIn, signOut } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { Button } from "../ui/Button";
import { Field } from "../ui/Field";
import { NAME_MAX, PASSWORD_MAX } from "@/lib/auth/limits";

type Answer = { data?: { workspaceId: string }; error?: { message: string } } | null;

/** Where a new member lands: the workspace they joined (a full load: a fresh dashboard). */
// eslint-disable-next-line @next/next/no-location-assign-relative-destination
const openWorkspace = (id: string) => window.location.assign(`/dashboard?w=${encodeURIComponent(id)}`);

/**
 * Accepting an invitation: signed in as the invited address, one button; signed in as someone
 * else, the way out; signed out, a sign-up form for the invited address (or sign in instead).
 */
export function InvitationForm({
  token,
  email,
  signedInAs,
  csrfToken,
  signInHref,
}: {
  token: string;
  email: string;
  signedInAs: string | null;
  csrfToken: string;
  signInHref: string;
}) {
  const [error, setError] = useState("");
  const [pending, setPending] = useState(false);

  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    }).catch(() => null);
    const answer = (await res?.json().catch(() => null)) as Answer;
    if (res?.ok && answer?.data) return answer.data;
    setPending(false);
    setError(answer?.error?.message ?? "Could not reach the server. Try again.");
    return null;
  };

  const accept = async () => {
    setPending(true);
    setError("");
    const joined = await post("/api/invitations/accept", { token }, { "x-csrf-token": csrfToken });
    if (joined) openWorkspace(joined.workspaceId);
  };

  const signUp = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    setPending(true);
    setError("");
    const joined = await post("/api/invitations/signup", {
      token,
      password,
      name: String(form.get("name") ?? "") || undefined,
    });
    if (!joined) return;
    const result = await signIn("credentials", { email, password, redirect: false });
    if (!result?.ok || result.error) {
      setPending(false);
      setError("Your account was created, but signing in failed. Sign in to open the workspace.");
      return;
    }
    openWorkspace(joined.workspaceId);
  };

  const problem = error && (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
      {error}
    </p>
  );

  if (signedInAs && signedInAs.toLowerCase() !== email.toLowerCase())
    return (
      <div className="space-y-4 text-sm text-slate-700">
        <p role="alert" className="[overflow-wrap:anywhere]">
          You are signed in as {signedInAs}, but this invitation was sent to {email}. Sign out, then open the
          link again.
        </p>
        <Button
          variant="secondary"
          className="w-full"
          onClick={() => signOut({ redirect: false }).then(() => window.location.reload())}
        >
          Sign out
        </Button>
      </div>
    );
  if (signedInAs)
    return (
      <div className="space-y-4">
        {problem}
        <Button className="w-full" onClick={accept} disabled={pending}>
          {pending ? "Joining…" : "Accept invitation"}
        </Button>
      </div>
    );
  return (
    <form onSubmit={signUp} className="space-y-4">
      <Field label="Email" name="email" type="email" value={email} readOnly autoComplete="username" />
      <Field label="Name" name="name" autoComplete="name" maxLength={NAME_MAX} placeholder="Optional" />
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
      {problem}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Creating account…" : "Create account and join"}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Link href={signInHref} className="font-medium text-emerald-700 hover:underline">
          Sign in to accept
        </Link>
      </p>
    </form>
  );
}
