import type { Metadata } from "next";
import Link from "next/link";
import { AuthPage, linkToken } from "@/components/auth/AuthPage";
import { InvitationForm } from "@/components/auth/InvitationForm";
import { csrfTokenFor } from "@/lib/auth/csrf";
import { getCurrentUser } from "@/lib/auth/session";
import { db } from "@/lib/platform/db";
import { INVITE_PATH, INVITE_REFUSALS, openInvitation } from "@/lib/workspaces/invitations";

export const metadata: Metadata = { title: "Join a workspace" };
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;

/**
 * The invitation link's page. It only reads the invitation: joining is a button (signed in) or the
 * sign-up form (signed out), so a mail scanner that fetches the link spends nothing.
 */
export default async function InvitePage({ searchParams }: { searchParams: Search }) {
  const token = linkToken(await searchParams, 200) ?? "";
  const [open, user] = await Promise.all([openInvitation(db, token), getCurrentUser().catch(() => null)]);
  const back = `${INVITE_PATH}?token=${encodeURIComponent(token)}`;
  return (
    <AuthPage
      title={open.ok ? `Join ${open.value.workspaceName}` : "Join a workspace"}
      lead={open.ok && `Invitation for ${open.value.email} as ${open.value.role}.`}
      footer={
        <Link href="/dashboard" className="font-medium text-emerald-700 hover:underline">
          Go to the dashboard
        </Link>
      }
    >
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
    </AuthPage>
  );
}
