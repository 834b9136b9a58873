import type { ReactNode } from "react";
import { Shell } from "@/components/layout/Shell";
import { Providers } from "@/components/providers";
import { csrfTokenFor } from "@/lib/auth/csrf";
import { currentOperator } from "@/lib/operator/access";

// Per-operator pages: never prerendered, never cached.
export const dynamic = "force-dynamic";

/**
 * The operator console. Everyone but an operator (signed out included) gets the 404 page, so the
 * console's existence is not revealed: the layout renders nothing of its own for them and each page
 * calls requireOperator (a layout is not re-run on client-side navigation either).
 */
export default async function OperatorLayout({ children }: { children: ReactNode }) {
  const user = await currentOperator();
  if (!user) return children;
  return (
    <Providers csrfToken={csrfTokenFor(user.id)}>
      <Shell email={user.email} area="operator">
        {children}
      </Shell>
    </Providers>
  );
}
