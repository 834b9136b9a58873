"use client";

import { signIn } from "next-auth/react";
import type { ReactNode } from "react";
import { Button } from "../ui/Button";

/** "Continue with GitHub", "Continue with <SSO name>" and `children` (the passkey), then an "or" before the form. */
export function OAuthButtons({
  callbackUrl,
  github,
  sso,
  children,
}: {
  callbackUrl: string;
  github: boolean;
  /** OIDC_NAME when single sign-on is configured (lib/auth/oidc.ts). */
  sso: string | null;
  children?: ReactNode;
}) {
  if (!github && !sso && !children) return null;
  return (
    <>
      <div className="space-y-2">
        {sso && (
          <Button variant="secondary" className="w-full" onClick={() => signIn("oidc", { callbackUrl })}>
            Continue with {sso}
          </Button>
        )}
        {github && <GitHubButton callbackUrl={callbackUrl} />}
        {children}
      </div>
      <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500">
        <span className="h-px flex-1 bg-slate-200" /> or <span className="h-px flex-1 bg-slate-200" />
      </div>
    </>
  );
}

function GitHubButton({ callbackUrl }: { callbackUrl: string }) {
  return (
    <>
      <Button variant="secondary" className="w-full" onClick={() => signIn("github", { callbackUrl })}>
        <svg viewBox="0 0 16 16" width={16} height={16} fill="currentColor" aria-hidden="true">
          <path d="M8 0C3.58 0 0 3.58 0 8c0 3.54 2.29 6.53 5.47 7.59.4.07.55-.17.55-.38 0-.19-.01-.82-.01-1.49-2.01.37-2.53-.49-2.69-.94-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82.64-.18 1.32-.27 2-.27.68 0 1.36.09 2 .27 1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48 0 1.07-.01 1.93-.01 2.2 0 .21.15.46.55.38A8.013 8.013 0 0016 8c0-4.42-3.58-8-8-8z" />
        </svg>
        Continue with GitHub
      </Button>
    </>
  );
}
