import type { ReactNode } from "react";
import { Shell } from "@/components/layout/Shell";
import { Providers } from "@/components/providers";
import { csrfTokenFor } from "@/lib/auth/csrf";
import { requireUser } from "@/lib/auth/session";

// Per-user pages: never prerendered, never cached.
export const dynamic = "force-dynamic";

/**
 * Everything under /dashboard needs a session. Each page also calls requireUser with its own path
 * (layouts are not re-run on client navigation, and the callback URL should point back there).
 */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await requireUser("/dashboard");
  return (
    <Providers csrfToken={csrfTokenFor(user.id)}>
      <Shell email={user.email}>{children}</Shell>
    </Providers>
  );
}
