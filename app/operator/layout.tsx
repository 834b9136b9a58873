import type { ReactNode } from "react";
import { Shell } from "@/components/layout/Shell";
import { Providers } from "@/components/providers";
import { csrfTokenFor } from "@/lib/auth/csrf";
import { requireOperator } from "@/lib/operator/access";

// Per-operator pages: never prerendered, never cached.
export const dynamic = "force-dynamic";

/**
 * The operator console. Everyone but an operator (signed out included) gets the 404 page, so the
 * console's existence is not revealed; pages check again because a layout is not re-run on
 * client-side navigation.
 */
export default async function OperatorLayout({ children }: { children: ReactNode }) {
  const user = await requireOperator();
  return (
    <Providers csrfToken={csrfTokenFor(user.id)}>
      <Shell email={user.email} area="operator">
        {children}
      </Shell>
    </Providers>
  );
}
