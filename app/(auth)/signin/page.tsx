import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/SignInForm";
import { safeCallbackPath } from "@/lib/auth/callback";
import { githubEnabled } from "@/lib/auth/options";
import { getCurrentUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function SignInPage({ searchParams }: { searchParams: Search }) {
  const q = await searchParams;
  const callbackUrl = safeCallbackPath(q.callbackUrl);
  if (await getCurrentUser()) redirect(callbackUrl);
  // next-auth sends OAuth failures back here as ?error=...; never echo the raw value.
  const oauthError =
    q.error === "email_in_use"
      ? "This GitHub email already has an account here. Sign in with its password, then connect GitHub on the Account page."
      : q.twofactor
        ? "GitHub confirmed who you are. Enter the code from your authenticator app to finish signing in."
        : q.error
          ? "Sign-in with GitHub did not complete. Try again, or use your email and password."
          : "";
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Sign in to Statline</h1>
      <p className="mt-1 text-sm text-slate-600">Manage your API keys and watch your usage.</p>
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <SignInForm
          callbackUrl={callbackUrl}
          github={githubEnabled}
          initialError={oauthError}
          ticket={typeof q.twofactor === "string" && q.twofactor.length <= 400 ? q.twofactor : null}
        />
      </div>
      <p className="mt-6 text-center text-sm text-slate-600">
        New to Statline?{" "}
        <Link
          href={`/signup${callbackUrl !== "/dashboard" ? `?callbackUrl=${encodeURIComponent(callbackUrl)}` : ""}`}
          className="font-medium text-emerald-700 hover:underline"
        >
          Create an account
        </Link>
      </p>
    </>
  );
}
