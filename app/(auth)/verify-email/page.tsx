import type { Metadata } from "next";
import Link from "next/link";
import { AuthPage, linkToken } from "@/components/auth/AuthPage";
import { VerifyEmailForm } from "@/components/auth/VerifyEmailForm";

export const metadata: Metadata = { title: "Verify your email" };
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;

/**
 * The emailed link's page: one button spends the token (POST /api/verify-email), so a mail
 * scanner that fetches the link verifies nothing by itself.
 */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Search }) {
  const token = linkToken(await searchParams, 200);
  return (
    <AuthPage
      title="Verify your email"
      lead="A verified address lets your account create live keys."
      footer={
        <Link href="/dashboard" className="font-medium text-emerald-700 hover:underline">
          Go to the dashboard
        </Link>
      }
    >
      <VerifyEmailForm token={token} />
    </AuthPage>
  );
}
