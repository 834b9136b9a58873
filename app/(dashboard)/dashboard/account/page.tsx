import type { Metadata } from "next";
import { GET as getTwoFactor } from "@/app/api/dashboard/2fa/route";
import { GET as getAlertSettings } from "@/app/api/dashboard/alerts/settings/route";
import { GET as getConnectedApps } from "@/app/api/dashboard/connected-apps/route";
import { GET as getPasskeys } from "@/app/api/dashboard/passkeys/route";
import { GET as getSessions } from "@/app/api/dashboard/sessions/route";
import { GET as getSignIns } from "@/app/api/dashboard/sign-ins/route";
import { AccountView } from "@/components/account/AccountView";
import { queries } from "@/components/hooks/queries";
import { Prefetched } from "@/components/Prefetched";
import { hasGitHubLink } from "@/lib/auth/github";
import { githubEnabled } from "@/lib/auth/options";
import { requireMember } from "@/lib/workspaces/member";
import { db } from "@/lib/platform/db";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const user = await requireMember("/dashboard/account");
  const linked = githubEnabled ? await hasGitHubLink(db, user.id) : false;
  return (
    <Prefetched
      queries={[
        { ...queries.twoFactor(), get: getTwoFactor },
        { ...queries.passkeys(), get: getPasskeys },
        { ...queries.sessions(), get: getSessions },
        { ...queries.signIns(), get: getSignIns },
        { ...queries.alertSettings(), get: getAlertSettings },
        { ...queries.connectedApps(), get: getConnectedApps },
      ]}
    >
      <AccountView email={user.email} github={githubEnabled ? { linked } : null} />
    </Prefetched>
  );
}
