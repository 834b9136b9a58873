import type { Metadata } from "next";
import { headers } from "next/headers";
import { csrfTokenFor } from "@/lib/auth/csrf";
import { clientIpFromChain } from "@/lib/platform/client-ip";
import { requireUser } from "@/lib/auth/session";
import { db } from "@/lib/platform/db";
import { closedReason } from "@/lib/handoff/approve";
import { formatUserCode, normalizeUserCode } from "@/lib/handoff/codes";
import { handoffByUserCode } from "@/lib/handoff/store";
import { ConsentShell, KeyConsentForm } from "@/components/consent/KeyConsentForm";
import { READ_SCOPES } from "@/lib/keys/scope-names";

export const dynamic = "force-dynamic";
// No "no-referrer" policy here: it would make Chromium send `Origin: null` with the form post,
// which the CSRF check (rightly) refuses.
export const metadata: Metadata = { title: "Approve agent access" };

/** "just now", "4 minutes ago": sessions live at most 10 minutes (HANDOFF_SESSION_TTL_SECONDS). */
function age(createdAt: Date, now: number): string {
  const seconds = Math.max(0, Math.round((now - createdAt.getTime()) / 1000));
  if (seconds < 60) return seconds < 10 ? "just now" : `${seconds} seconds ago`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
}

/** Agent handoff step 2: a signed-in human confirms (or refuses) an agent's request for a key. */
export default async function ApproveAgentPage({ params }: { params: Promise<{ code: string }> }) {
  const { code: raw } = await params;
  const user = await requireUser(`/agent/${encodeURIComponent(raw)}`);
  const userCode = normalizeUserCode(decodeURIComponent(raw));
  const session = userCode ? await handoffByUserCode(db, userCode) : null;
  if (!session) {
    return (
      <ConsentShell title="No such request">
        <p className="mt-4 text-slate-700">
          No pending request has this code. Check the code your terminal shows.
        </p>
      </ConsentShell>
    );
  }
  const closed = closedReason(session);
  if (closed) {
    return (
      <ConsentShell title="Nothing to approve">
        <p className="mt-4 text-slate-700">{closed}</p>
      </ConsentShell>
    );
  }
  // The approver's address by the same rule as the requester's (lib/platform/client-ip.ts, server.ts).
  const approverIp = clientIpFromChain((await headers()).get("x-forwarded-for"));
  const otherAddress = approverIp !== null && approverIp !== session.requesterIp;
  const delivery = session.redirectUri
    ? "Loopback redirect: after you approve, this browser is sent to the address below"
    : "Paste or poll: the code is shown here, or the agent fetches the key itself";
  return (
    <ConsentShell title="Approve agent access">
      <div
        role="alert"
        className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
      >
        Approve only a request <strong>you just started yourself</strong>, and only if the code below matches
        the one in your terminal. Whoever started it gets an API key to your account. If someone sent you this
        link, deny it.
      </div>
      {otherAddress ? (
        <div
          role="alert"
          data-testid="ip-mismatch"
          className="mt-4 rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900"
        >
          This request was started from <span className="font-mono">{session.requesterIp}</span>, not from
          your address (<span className="font-mono">{approverIp}</span>). That is expected only if you started
          it on another machine (over SSH, in a container or on a server). Otherwise, deny it.
        </div>
      ) : null}
      {/* minmax(0,…) and overflow-wrap:anywhere: a 64-character name with no space overflowed 768 px. */}
      <dl className="mt-6 grid grid-cols-[minmax(0,10rem)_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm [&_dd]:[overflow-wrap:anywhere]">
        <dt className="text-slate-500">Code</dt>
        <dd className="font-mono text-lg font-semibold tracking-widest" data-testid="user-code">
          {formatUserCode(session.userCode)}
        </dd>
        <dt className="text-slate-500">Client (unverified)</dt>
        <dd>
          <q data-testid="client-name">{session.clientName}</q>
          <span className="block text-xs text-slate-500">
            Name sent by the requester, not checked by Statline: anyone can claim any name.
          </span>
        </dd>
        <dt className="text-slate-500">Requested</dt>
        <dd data-testid="request-age">
          <time dateTime={session.createdAt.toISOString()}>{age(session.createdAt, Date.now())}</time>
        </dd>
        <dt className="text-slate-500">Delivery</dt>
        <dd data-testid="delivery-mode">{delivery}</dd>
        {session.redirectUri ? (
          <>
            <dt className="text-slate-500">Redirect URI</dt>
            <dd className="break-all font-mono" data-testid="redirect-uri">
              {session.redirectUri}
            </dd>
          </>
        ) : null}
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
      <KeyConsentForm
        action="/api/agent/approve"
        target={["user_code", session.userCode]}
        csrfToken={csrfTokenFor(user.id)}
        environmentLegend="Key environment"
        noun="key"
        environmentNote={
          session.environment === "live"
            ? "The agent asked for a live key. Choose Live explicitly to issue one."
            : null
        }
        scopesLegend="What the key may read"
        preselected={READ_SCOPES}
        expiryLabel="Expires"
        defaultExpiry="90"
      />
    </ConsentShell>
  );
}
