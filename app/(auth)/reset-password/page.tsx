import type { Metadata } from "next";
import Link from "next/link";
import { AuthPage, linkToken } from "@/components/auth/AuthPage";
import { ResetPasswordForm } from "@/components/auth/ResetPasswordForm";
import { resetTokenUser } from "@/lib/auth/password-reset";
import { db } from "@/lib/platform/db";

export const metadata: Metadata = { title: "Reset password" };
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;

/** Without ?token=: ask for a link by email. With it (from the email): choose the new password. */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Search }) {
  const token = linkToken(await searchParams, 100);
  // A used or expired link says so before anyone types a password it would refuse.
  if (token && !(await resetTokenUser(db, token)))
    return (
      <AuthPage
        title="This link no longer works"
        lead="A reset link works once, for 30 minutes; this one was used or has expired."
        footer={
          <Link href="/signin" className="font-medium text-emerald-700 hover:underline">
            Back to sign in
          </Link>
        }
      >
        <Link
          href="/reset-password"
          className="block rounded-md bg-emerald-700 px-4 py-2 text-center text-sm font-medium text-white hover:bg-emerald-800"
        >
          Ask for a new one
        </Link>
      </AuthPage>
    );
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
