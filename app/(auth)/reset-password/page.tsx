import type { Metadata } from "next";
import Link from "next/link";
import { AuthPage, linkToken } from "@/components/auth/AuthPage";
import { ResetPasswordForm } from "@/components/auth/ResetPasswordForm";

export const metadata: Metadata = { title: "Reset password" };
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;

/** Without ?token=: ask for a link by email. With it (from the email): choose the new password. */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Search }) {
  const token = linkToken(await searchParams, 100);
  return (
    <AuthPage
      title="Reset your password"
      lead={
        token
          ? "Choose a new password. Every device signed in to your account is signed out."
          : "We email you a link that works once, for 30 minutes."
      }
      footer={
        <Link href="/signin" className="font-medium text-emerald-700 hover:underline">
          Back to sign in
        </Link>
      }
    >
      <ResetPasswordForm token={token} />
    </AuthPage>
  );
}
