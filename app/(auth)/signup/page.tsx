import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { SignUpForm } from "@/components/auth/SignUpForm";
import { safeCallbackPath } from "@/lib/auth/callback";
import { oidcButtonName } from "@/lib/auth/oidc";
import { githubEnabled } from "@/lib/auth/options";
import { getCurrentUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Create account" };
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function SignUpPage({ searchParams }: { searchParams: Search }) {
  const callbackUrl = safeCallbackPath((await searchParams).callbackUrl);
  if (await getCurrentUser()) redirect(callbackUrl);
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Create your account</h1>
      <p className="mt-1 text-sm text-slate-600">Free plan: 10,000 units a month, test and live keys.</p>
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <SignUpForm callbackUrl={callbackUrl} github={githubEnabled} sso={oidcButtonName()} />
      </div>
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Link href="/signin" className="font-medium text-emerald-700 hover:underline">
          Sign in
        </Link>
      </p>
    </>
  );
}
