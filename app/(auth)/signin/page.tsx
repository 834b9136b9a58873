import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthPage } from "@/components/auth/AuthPage";
import { SignInForm } from "@/components/auth/SignInForm";
import { safeCallbackPath } from "@/lib/auth/callback";
import { oidcButtonName } from "@/lib/auth/oidc";
import { githubEnabled } from "@/lib/auth/options";
import { getCurrentUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;

/** next-auth sends GitHub and SSO failures back here as ?error=…; the raw value is never echoed. */
function oauthProblem(error: string | string[] | undefined, sso: string | null): string {
  switch (error) {
    case undefined:
      return "";
    case "email_in_use":
      return "An account with this email exists and its address is not verified. Sign in with its password (or reset it by email), verify the address, then try again.";
    case "unverified_email":
      return "The provider did not confirm that this email address is verified, so it cannot sign you in here. Verify it there, or use your email and password.";
    case "sso_required":
      return `Accounts with this email domain sign in with single sign-on: use "Continue with ${sso ?? "SSO"}".`;
    case "linked_elsewhere":
      return "That identity is already connected to another Statline account.";
    case "wrong_issuer":
      return "The single sign-on provider answered for another issuer. Ask your operator to check OIDC_ISSUER.";
    case "no_email":
      return "The provider did not share an email address, which Statline needs to sign you in.";
    default:
      return "Sign-in did not complete. Try again, or use your email and password.";
  }
}

export default async function SignInPage({ searchParams }: { searchParams: Search }) {
  const q = await searchParams;
  const callbackUrl = safeCallbackPath(q.callbackUrl);
  if (await getCurrentUser()) redirect(callbackUrl);
  const sso = oidcButtonName();
  const oauthError = q.twofactor
    ? "Your identity was confirmed. Enter the code from your authenticator app to finish signing in."
    : oauthProblem(q.error, sso);
  return (
    <AuthPage
      title="Sign in to Statline"
      lead="Manage your API keys and watch your usage."
      footer={
        <>
          New to Statline?{" "}
          <Link
            href={`/signup${callbackUrl !== "/dashboard" ? `?callbackUrl=${encodeURIComponent(callbackUrl)}` : ""}`}
            className="font-medium text-emerald-700 hover:underline"
          >
            Create an account
          </Link>
        </>
      }
    >
      <SignInForm
        callbackUrl={callbackUrl}
        github={githubEnabled}
        sso={sso}
        initialError={oauthError}
        ticket={typeof q.twofactor === "string" && q.twofactor.length <= 400 ? q.twofactor : null}
      />
    </AuthPage>
  );
}
