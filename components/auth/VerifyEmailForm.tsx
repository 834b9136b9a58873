"use client";
import Link from "next/link";
import { useState } from "react";
import { Button } from "../ui/Button";

/** Spends the link's token; shows the server's message for a used, expired or foreign link. */
export function VerifyEmailForm({ token }: { token: string | null }) {
  const [state, setState] = useState<{ done?: string; error?: string; pending?: boolean }>({});

  const verify = async () => {
    setState({ pending: true });
    const res = await fetch("/api/verify-email", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token }),
    }).catch(() => null);
    const body = (await res?.json().catch(() => null)) as {
      data?: { email: string };
      error?: { message: string };
    } | null;
    if (res?.ok && body?.data) return setState({ done: `${body.data.email} is verified.` });
    setState({ error: body?.error?.message ?? "Could not reach the server. Try again." });
  };

  if (!token)
    return (
      <p role="alert" className="text-sm text-slate-700">
        This page needs the link from the verification email. Send a new one from the dashboard.
      </p>
    );
  if (state.done)
    return (
      <p role="status" className="text-sm text-slate-700">
        {state.done} You can create live keys now.{" "}
        <Link href="/dashboard/keys" className="font-medium text-emerald-700 hover:underline">
          Go to API keys
        </Link>
      </p>
    );
  return (
    <div className="space-y-4">
      {state.error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {state.error}
        </p>
      )}
      <Button className="w-full" onClick={verify} disabled={state.pending}>
        {state.pending ? "Verifying…" : "Verify my email address"}
      </Button>
    </div>
  );
}
