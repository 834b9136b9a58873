import type { Metadata } from "next";
import Link from "next/link";
import { ResetPasswordForm } from "@/components/auth/ResetPasswordForm";

export const metadata: Metadata = { title: "Reset password" };
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;

/** Without ?token=: ask for a link by email. With it (from the email): choose the new password. */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Search }) {
  const q = await searchParams;
  const token = typeof q.token === "string" && q.token.length <= 100 ? q.token : null;
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Reset your password</h1>
      <p className="mt-1 text-sm text-slate-600">
        {token
          ? "Choose a new password. Every device signed in to your account is signed out."
          : "We email you a link that works once, for 30 minutes."}
      </p>
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <ResetPasswordForm token={token} />
      </div>
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link href="/signin" className="font-medium text-emerald-700 hover:underline">
          Back to sign in
        </Link>
      </p>
    </>
  );
}
