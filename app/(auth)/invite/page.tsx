import type { Metadata } from "next";
import Link from "next/link";
import { InvitationForm } from "@/components/auth/InvitationForm";
import { csrfTokenFor } from "@/lib/auth/csrf";
import { getCurrentUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { INVITE_PATH, INVITE_REFUSALS, openInvitation } from "@/lib/workspaces/invitations";

export const metadata: Metadata = { title: "Join a workspace" };
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;

/**
 * The invitation link's page. It only reads the invitation: joining is a button (signed in) or the
 * sign-up form (signed out), so a mail scanner that fetches the link spends nothing.
 */
export default async function InvitePage({ searchParams }: { searchParams: Search }) {
  const q = await searchParams;
  const token = typeof q.token === "string" && q.token.length <= 200 ? q.token : "";
  const [open, user] = await Promise.all([openInvitation(db, token), getCurrentUser().catch(() => null)]);
  const back = `${INVITE_PATH}?token=${encodeURIComponent(token)}`;
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 [overflow-wrap:anywhere]">
        {open.ok ? `Join ${open.value.workspaceName}` : "Join a workspace"}
      </h1>
      {open.ok && (
        <p className="mt-1 text-sm text-slate-600 [overflow-wrap:anywhere]">
          Invitation for {open.value.email} as {open.value.role}.
        </p>
      )}
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        {open.ok ? (
          <InvitationForm
            token={token}
            email={open.value.email}
            signedInAs={user?.email ?? null}
            csrfToken={user ? csrfTokenFor(user.id) : ""}
            signInHref={`/signin?callbackUrl=${encodeURIComponent(back)}`}
          />
        ) : (
          <p role="alert" className="text-sm text-slate-700">
            {INVITE_REFUSALS[open.reason]}
          </p>
        )}
      </div>
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link href="/dashboard" className="font-medium text-emerald-700 hover:underline">
          Go to the dashboard
        </Link>
      </p>
    </>
  );
}
