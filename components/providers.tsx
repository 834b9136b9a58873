"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import type { Role } from "@/lib/workspaces/permissions";
import { CsrfContext } from "./csrf";
import { ApiRequestError } from "./hooks/useApi";
import { RoleContext } from "./workspace";

function makeQueryClient() {
  return new QueryClient({
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
  children,
}: {
  csrfToken: string;
  /** The member's role in the active workspace (the dashboard layout). */
  role?: Role;
  children: ReactNode;
}) {
  const [client] = useState(makeQueryClient);
  return (
    <CsrfContext.Provider value={csrfToken}>
      <RoleContext.Provider value={role}>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </RoleContext.Provider>
    </CsrfContext.Provider>
  );
}
