"use client";

import { useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { REAUTH_EVENT } from "../hooks/useApi";
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
  // "Confirm it's you" appears when a change asks for it (a refused two-factor change, or a GitHub
  // link sent back here with ?error=reauth_required), not on every visit: the password change
  // carries its own proof.
  const params = useSearchParams();
  const [confirming, setConfirming] = useState(params.get("error") === "reauth_required");
  const confirmRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const ask = () => {
      setConfirming(true);
      // After it renders: its input takes focus, in view at any width.
      requestAnimationFrame(() => {
        confirmRef.current?.scrollIntoView({ block: "start" });
        confirmRef.current?.querySelector<HTMLInputElement>("input")?.focus({ preventScroll: true });
      });
    };
    window.addEventListener(REAUTH_EVENT, ask);
    return () => window.removeEventListener(REAUTH_EVENT, ask);
  }, []);
  return (
    <>
      <PageHeader title="Account" description={`Sign-in security for ${email}.`} />
      <div className="space-y-6">
        {confirming && (
          <div ref={confirmRef} className="scroll-mt-4">
            <ConfirmIdentityCard />
          </div>
        )}
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
