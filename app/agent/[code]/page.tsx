import type { Metadata } from "next";
import type { ReactNode } from "react";
import { csrfTokenFor } from "@/lib/auth/csrf";
import { requireUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { closedReason } from "@/lib/handoff/approve";
import { formatUserCode, normalizeUserCode } from "@/lib/handoff/codes";
import { handoffByUserCode } from "@/lib/handoff/repository";
import { ApprovalForm } from "./approval-form";

export const dynamic = "force-dynamic";
// No "no-referrer" policy here: it would make Chromium send `Origin: null` with the form post,
// which the CSRF check (rightly) refuses.
export const metadata: Metadata = { title: "Approve agent access" };

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto max-w-xl px-6 py-12">
      <p className="text-sm font-semibold uppercase tracking-wide text-emerald-700">Statline</p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">{title}</h1>
      {children}
    </main>
  );
}

/** Agent handoff step 2: a signed-in human confirms (or refuses) an agent's request for a key. */
export default async function ApproveAgentPage({ params }: { params: Promise<{ code: string }> }) {
  const { code: raw } = await params;
  const user = await requireUser(`/agent/${encodeURIComponent(raw)}`);
  const userCode = normalizeUserCode(decodeURIComponent(raw));
  const session = userCode ? await handoffByUserCode(db, userCode) : null;
  if (!session) {
    return (
      <Shell title="No such request">
        <p className="mt-4 text-slate-700">
          No pending request has this code. Check the code your terminal shows.
        </p>
      </Shell>
    );
  }
  const closed = closedReason(session);
  if (closed) {
    return (
      <Shell title="Nothing to approve">
        <p className="mt-4 text-slate-700">{closed}</p>
      </Shell>
    );
  }
  return (
    <Shell title="Approve agent access">
      <div
        role="alert"
        className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
      >
        Approve only a request <strong>you just started yourself</strong>, and only if the code below matches
        the one in your terminal. Whoever started it gets an API key to your account. If someone sent you this
        link, deny it.
      </div>
      <dl className="mt-6 grid grid-cols-[10rem_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-slate-500">Code</dt>
        <dd className="font-mono text-lg font-semibold tracking-widest" data-testid="user-code">
          {formatUserCode(session.userCode)}
        </dd>
        <dt className="text-slate-500">Client</dt>
        <dd data-testid="client-name">{session.clientName}</dd>
        <dt className="text-slate-500">Requested from IP</dt>
        <dd className="font-mono" data-testid="requester-ip">
          {session.requesterIp}
        </dd>
        <dt className="text-slate-500">Key name</dt>
        <dd data-testid="key-name">{session.keyName}</dd>
        <dt className="text-slate-500">Environment asked for</dt>
        <dd data-testid="requested-environment">{session.environment}</dd>
        <dt className="text-slate-500">Account</dt>
        <dd>{user.email}</dd>
      </dl>
      <ApprovalForm
        userCode={session.userCode}
        csrfToken={csrfTokenFor(user.id)}
        requested={session.environment}
      />
    </Shell>
  );
}
