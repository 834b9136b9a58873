"use client";

import { useMutation } from "@tanstack/react-query";
import type { ReauthInput } from "@/lib/auth/schemas";
import { passkeyAssertion } from "../auth/passkey-assertion";
import { useApi } from "./useApi";

export interface Reauthenticated {
  reauthenticatedUntil: string;
}

/**
 * POST /api/dashboard/reauth with the password, a code, or (given "passkey") a fresh assertion
 * from one of the user's passkeys: the browser's ceremony first, its answer then checked by the
 * server. A cancelled ceremony fails with the browser's reason.
 */
export function useReauthMutation() {
  const api = useApi();
  return useMutation({
    gcTime: 0,
    mutationFn: async (proof: ReauthInput | "passkey") => {
      if (proof !== "passkey") return api.post<Reauthenticated>("/api/dashboard/reauth", proof);
      const answer = await passkeyAssertion();
      if ("error" in answer) throw new Error(answer.error);
      return api.post<Reauthenticated>("/api/dashboard/reauth", { passkey: answer.assertion });
    },
  });
}
