import type { Metadata } from "next";
import { OverviewView } from "@/components/overview/OverviewView";
import { requireMember } from "@/lib/workspaces/member";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const user = await requireMember("/dashboard");
  return <OverviewView name={user.name ?? user.email} />;
}
