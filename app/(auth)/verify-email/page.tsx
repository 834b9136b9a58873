import type { Metadata } from "next";
import Link from "next/link";
import { VerifyEmailForm } from "@/components/auth/VerifyEmailForm";

export const metadata: Metadata = { title: "Verify your email" };
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;

/**
 * The emailed link's page: one button spends the token (POST /api/verify-email), so a mail
 * scanner that fetches the link verifies nothing by itself.
 */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Search }) {
  const q = await searchParams;
  const token = typeof q.token === "string" && q.token.length <= 200 ? q.token : null;
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Verify your email</h1>
      <p className="mt-1 text-sm text-slate-600">A verified address lets your account create live keys.</p>
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <VerifyEmailForm token={token} />
      </div>
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link href="/dashboard" className="font-medium text-emerald-700 hover:underline">
          Go to the dashboard
        </Link>
      </p>
    </>
  );
}
