import { headers } from "next/headers";
import type { ReactNode } from "react";
import { VerifyEmailBanner } from "@/components/account/VerifyEmailBanner";
import { Shell } from "@/components/layout/Shell";
import { Providers } from "@/components/providers";
import { safeCallbackPath } from "@/lib/auth/callback";
import { csrfTokenFor } from "@/lib/auth/csrf";
import { isEmailVerified } from "@/lib/auth/email-verification";
import { requireUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { mailConfigured } from "@/lib/mail";

// Per-user pages: never prerendered, never cached.
export const dynamic = "force-dynamic";

/**
 * Everything under /dashboard needs a session; a visitor without one goes to sign-in and comes back
 * to the page asked for (proxy.ts passes its path). Pages call requireUser too, because a layout is
 * not re-run on client-side navigation between its pages.
 */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await requireUser(safeCallbackPath((await headers()).get("x-statline-path") ?? undefined));
  const verified = await isEmailVerified(db, user.id);
  return (
    <Providers csrfToken={csrfTokenFor(user.id)}>
      <Shell email={user.email}>
        {!verified && <VerifyEmailBanner email={user.email} mail={mailConfigured()} />}
        {children}
      </Shell>
    </Providers>
  );
}
