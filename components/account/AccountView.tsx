"use client";

import { PageHeader } from "../ui/Card";
import { AlertSettingsCard } from "./AlertSettingsCard";
import { ConnectedAppsCard } from "./ConnectedAppsCard";
import { GitHubCard } from "./GitHubCard";
import { PasskeysCard } from "./PasskeysCard";
import { ConfirmIdentityCard, PasswordCard } from "./SecurityForms";
import { SessionsCard } from "./SessionsCard";
import { SignInsCard } from "./SignInsCard";
import { TwoFactorCard } from "./TwoFactorCard";

export function AccountView({ email, github }: { email: string; github: { linked: boolean } | null }) {
  return (
    <>
      <PageHeader title="Account" description={`Sign-in security for ${email}.`} />
      <div className="space-y-6">
        <ConfirmIdentityCard />
        <PasswordCard />
        <TwoFactorCard />
        <PasskeysCard />
        <SessionsCard />
        <SignInsCard />
        <AlertSettingsCard />
        <ConnectedAppsCard />
        {github && <GitHubCard linked={github.linked} />}
      </div>
    </>
  );
}
