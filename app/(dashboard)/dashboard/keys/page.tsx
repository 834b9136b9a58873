import type { Metadata } from "next";
import { KeysView } from "@/components/keys/KeysView";
import { requireMember } from "@/lib/workspaces/member";

export const metadata: Metadata = { title: "API keys" };

export default async function KeysPage() {
  await requireMember("/dashboard/keys");
  return <KeysView />;
}
