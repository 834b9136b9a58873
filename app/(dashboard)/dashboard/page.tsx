import type { Metadata } from "next";
import { OverviewView } from "@/components/overview/OverviewView";
import { requireUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const user = await requireUser("/dashboard");
  return <OverviewView name={user.name ?? user.email} />;
}
