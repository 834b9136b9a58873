"use client";

import { useState } from "react";
import { describeUserAgent } from "@/lib/platform/util/user-agent";
import { useSignInsQuery } from "../hooks/usePasskeys";
import { Button } from "../ui/Button";
import { Card, CardHeader } from "../ui/Card";
import { formatDateTime } from "../ui/format";
import { ErrorState, Skeleton } from "../ui/States";

const METHODS: Record<string, string> = {
  password: "Password",
  passkey: "Passkey",
  github: "GitHub",
  oidc: "Single sign-on",
};
const FIRST = 10;

/** The last sign-ins (time, browser, address, method): the history the new sign-in mail points to. */
export function SignInsCard() {
  const signIns = useSignInsQuery();
  const [all, setAll] = useState(false);
  const shown = signIns.data ? (all ? signIns.data : signIns.data.slice(0, FIRST)) : [];
  return (
    <Card>
      <CardHeader
        title="Recent sign-ins"
        description="Every sign-in to your account in the last 90 days (the latest 50). A sign-in from a new browser or address is also emailed to you."
      />
      {signIns.isPending ? (
        <div className="space-y-3 px-5 py-4">
          <Skeleton className="h-4 w-64" />
        </div>
      ) : signIns.isError ? (
        <ErrorState error={signIns.error} onRetry={() => signIns.refetch()} what="your sign-ins" />
      ) : signIns.data.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-600">No sign-ins recorded yet.</p>
      ) : (
        <>
          <ul className="divide-y divide-slate-100" aria-label="Recent sign-ins">
            {shown.map((s) => (
              <li key={s.id} className="px-5 py-3 text-sm">
                <p className="font-medium text-slate-900">
                  <time dateTime={s.at}>{formatDateTime(s.at)}</time>
                </p>
                <p className="mt-0.5 text-slate-600">
                  {describeUserAgent(s.userAgent)} · {s.ip ?? "Unknown address"} ·{" "}
                  {METHODS[s.method] ?? s.method}
                </p>
              </li>
            ))}
          </ul>
          {signIns.data.length > FIRST && (
            <div className="px-5 pb-4">
              <Button variant="secondary" size="sm" onClick={() => setAll(!all)} aria-expanded={all}>
                {all ? "Show fewer" : `Show all ${signIns.data.length}`}
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
