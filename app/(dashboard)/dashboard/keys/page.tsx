import type { Metadata } from "next";
import { KeysView } from "@/components/keys/KeysView";
import { requireUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "API keys" };

export default async function KeysPage() {
  await requireUser("/dashboard/keys");
  return <KeysView />;
}
