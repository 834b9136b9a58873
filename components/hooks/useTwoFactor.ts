"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TotpStatus } from "@/lib/auth/totp";
import { queries } from "./queries";
import { useApi } from "./useApi";

const key = queries.twoFactor().key;

export function useTwoFactorQuery() {
  const api = useApi();
  return useQuery({ queryKey: key, queryFn: () => api.get<TotpStatus>(queries.twoFactor().url) });
}

/** setup → {secret, uri}; enable {code} → {recoveryCodes} (shown once); disable {code}. */
export function useTwoFactorMutation<T>(step: "setup" | "enable" | "disable") {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    gcTime: 0,
    mutationFn: (code?: string) =>
      api.post<T>(`/api/dashboard/2fa/${step}`, code === undefined ? {} : { code }),
    onSuccess: () => {
      if (step !== "setup") client.invalidateQueries({ queryKey: key });
      client.invalidateQueries({ queryKey: ["audit"] });
    },
  });
}
