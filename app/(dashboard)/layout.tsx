import { headers } from "next/headers";
import type { ReactNode } from "react";
import { GET as getAlerts } from "@/app/api/dashboard/alerts/route";
import { VerifyEmailBanner } from "@/components/account/VerifyEmailBanner";
import { queries } from "@/components/hooks/queries";
import { Shell } from "@/components/layout/Shell";
import { SuspendedBanner } from "@/components/layout/SuspendedBanner";
import { formatDateTime } from "@/components/ui/format";
import { Prefetched } from "@/components/Prefetched";
import { Providers } from "@/components/providers";
import { safeCallbackPath } from "@/lib/auth/callback";
import { csrfTokenFor } from "@/lib/auth/csrf";
import { isEmailVerified } from "@/lib/auth/email-verification";
import { db } from "@/lib/platform/db";
import { mailConfigured } from "@/lib/mail";
import { isOperator } from "@/lib/operator/access";
import { accountStanding } from "@/lib/operator/suspension";
import { requireMember } from "@/lib/workspaces/member";
import { listWorkspaces } from "@/lib/workspaces/store";

// Per-user pages: never prerendered, never cached.
export const dynamic = "force-dynamic";

/**
 * Everything under /dashboard needs a session; a visitor without one goes to sign-in and comes back
 * to the page asked for (proxy.ts passes its path); a workspace the user is not a member of is a
 * 404. Pages call requireMember too, because a layout is not re-run on client-side navigation.
 */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await requireMember(safeCallbackPath((await headers()).get("x-statline-path") ?? undefined));
  const [account, verified, workspaces, operator] = await Promise.all([
    accountStanding(db, user.accountId),
    isEmailVerified(db, user.id),
    listWorkspaces(db, user.id, user.homeAccountId),
    // The person's rights, not the active workspace's: a member of an operator's workspace is none.
    isOperator(db, user),
  ]);
  const banner = account?.suspendedAt ? (
    <SuspendedBanner
      reason={account.suspendedReason}
      since={formatDateTime(account.suspendedAt.toISOString())}
    />
  ) : null;
  return (
    <Providers
      csrfToken={csrfTokenFor(user.id)}
      role={user.role}
      userId={user.id}
      suspended={Boolean(account?.suspendedAt)}
      renderedAt={Date.now()}
    >
      {/* The navigation's unread-alerts count. */}
      <Prefetched queries={[{ ...queries.alerts(), get: getAlerts }]}>
        <Shell
          email={user.email}
          banner={banner}
          workspaces={{ list: workspaces, active: user.accountId }}
          operator={operator}
        >
          {!verified && <VerifyEmailBanner email={user.email} mail={mailConfigured()} />}
          {children}
        </Shell>
      </Prefetched>
    </Providers>
  );
}
