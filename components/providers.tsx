"use client";

import { MutationCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { startTransition, useEffect, useState, type ReactNode } from "react";
import type { Role } from "@/lib/workspaces/permissions";
import { RenderedAtContext } from "./clock";
import { CsrfContext } from "./csrf";
import { ApiRequestError, needsReauth, REAUTH_EVENT } from "./hooks/useApi";
import { RoleContext, SuspendedContext, UserIdContext } from "./workspace";

function makeQueryClient() {
  return new QueryClient({
    // Any change refused for want of a recent re-authentication: the page offers it (AccountView).
    mutationCache: new MutationCache({
      onError: (error) => {
        if (needsReauth(error)) window.dispatchEvent(new Event(REAUTH_EVENT));
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        // A 4xx will not get better by asking again; network blips and 5xx get two more tries.
        retry: (count, err) => count < 2 && !(err instanceof ApiRequestError && err.status < 500),
      },
      mutations: { retry: false },
    },
  });
}

export function Providers({
  csrfToken,
  role = "viewer",
  userId = null,
  suspended = false,
  renderedAt = null,
  children,
}: {
  csrfToken: string;
  /** Date.now() of the server render (the dashboard layout): see useNow. */
  renderedAt?: number | null;
  /** The member's role in the active workspace (the dashboard layout). */
  role?: Role;
  /** The signed-in person (the dashboard layout): which objects are its own. */
  userId?: string | null;
  /** The active workspace's account is suspended (the dashboard layout). */
  suspended?: boolean;
  children: ReactNode;
}) {
  const [client] = useState(makeQueryClient);
  const [frozenAt, setFrozenAt] = useState<number | null>(renderedAt);
  // After hydration, at low priority (time-sliced): the few texts that read the time render again.
  useEffect(() => startTransition(() => setFrozenAt(null)), []);
  return (
    <CsrfContext.Provider value={csrfToken}>
      <RoleContext.Provider value={role}>
        <UserIdContext.Provider value={userId}>
          <SuspendedContext.Provider value={suspended}>
            <RenderedAtContext.Provider value={frozenAt}>
              <QueryClientProvider client={client}>{children}</QueryClientProvider>
            </RenderedAtContext.Provider>
          </SuspendedContext.Provider>
        </UserIdContext.Provider>
      </RoleContext.Provider>
    </CsrfContext.Provider>
  );
}
