"use client";

import { PageHeader } from "../ui/Card";
import { SessionsCard } from "./SessionsCard";

export function AccountView({ email }: { email: string }) {
  return (
    <>
      <PageHeader title="Account" description={`Security settings for ${email}.`} />
      <div className="space-y-6">
        <SessionsCard />
      </div>
    </>
  );
}
