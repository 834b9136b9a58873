import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthPage } from "@/components/auth/AuthPage";
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
    <AuthPage
      title="Create your account"
      lead="Free plan: 10,000 units a month, test and live keys."
      footer={
        <>
          Already have an account?{" "}
          <Link href="/signin" className="font-medium text-emerald-700 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <SignUpForm callbackUrl={callbackUrl} github={githubEnabled} sso={oidcButtonName()} />
    </AuthPage>
  );
}
