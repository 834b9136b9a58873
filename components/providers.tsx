"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { CsrfContext } from "./csrf";
import { ApiRequestError } from "./hooks/useApi";

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

export function Providers({ csrfToken, children }: { csrfToken: string; children: ReactNode }) {
  const [client] = useState(makeQueryClient);
  return (
    <CsrfContext.Provider value={csrfToken}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </CsrfContext.Provider>
  );
}
