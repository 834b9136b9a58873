"use client";

import { useState } from "react";
import { ApiRequestError, useApi } from "../hooks/useApi";
import { Button } from "../ui/Button";

/**
 * Shown on every dashboard page until the account's address is verified: live keys wait for it.
 * With mail configured it offers a new link (rate-limited by the server); without, it names the
 * operator's command.
 */
export function VerifyEmailBanner({ email, mail }: { email: string; mail: boolean }) {
  const api = useApi();
  const [state, setState] = useState<{ note?: string; error?: string; pending?: boolean }>({});

  const resend = async () => {
    setState({ pending: true });
    try {
      await api.post("/api/dashboard/email-verification");
      setState({ note: `A new link is on its way to ${email}. It works for 24 hours.` });
    } catch (err) {
      setState({ error: err instanceof ApiRequestError ? err.message : "Something went wrong. Try again." });
    }
  };

  return (
    <section
      aria-labelledby="verify-email-title"
      className="mb-6 flex flex-wrap items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <div className="min-w-0 flex-1 basis-64">
        <h2 id="verify-email-title" className="font-semibold">
          Verify your email address
        </h2>
        <p className="mt-1 [overflow-wrap:anywhere]">
          {mail
            ? `Open the link we sent to ${email} to create live keys. Test keys work now.`
            : `Live keys need a verified address, and this server does not send email: ask its operator to run "npm run admin -- user verify --email ${email}". Test keys work now.`}
        </p>
        {state.note && (
          <p role="status" className="mt-2">
            {state.note}
          </p>
        )}
        {state.error && (
          <p role="alert" className="mt-2 font-medium text-red-800">
            {state.error}
          </p>
        )}
      </div>
      {mail && (
        <Button variant="secondary" size="sm" onClick={resend} disabled={state.pending}>
          {state.pending ? "Sending…" : "Send a new link"}
        </Button>
      )}
    </section>
  );
}
