"use client";

import { startRegistration, WebAuthnError } from "@simplewebauthn/browser";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PasskeyView } from "@/lib/passkeys/manage";
import type { RenamePasskeyInput } from "@/lib/passkeys/schemas";
import type { SignInView } from "@/lib/signins/history";
import { queries } from "./queries";
import { ApiRequestError, useApi } from "./useApi";

const key = queries.passkeys().key;

export function usePasskeysQuery() {
  const api = useApi();
  return useQuery({ queryKey: key, queryFn: () => api.get<PasskeyView[]>(queries.passkeys().url) });
}

export function useSignInsQuery() {
  const api = useApi();
  return useQuery({
    queryKey: queries.signIns().key,
    queryFn: () => api.get<SignInView[]>(queries.signIns().url),
  });
}

/** What the browser's refusal means to the user (cancelled, timed out, or already registered). */
export function ceremonyError(err: unknown): Error {
  if (err instanceof ApiRequestError) return err;
  const name = err instanceof WebAuthnError ? err.code : err instanceof Error ? err.name : "";
  if (name === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError")
    return new Error("This device already holds a passkey for your account.");
  return new Error("No passkey was used: the request was cancelled or timed out. Try again.");
}

/** Adds a passkey: options from the server, the browser's ceremony, the answer back. */
export function useAddPasskey() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    gcTime: 0,
    mutationFn: async (name: string) => {
      const { challengeId, options } = await api.post<{
        challengeId: string;
        options: PublicKeyCredentialCreationOptionsJSON;
      }>("/api/dashboard/passkeys/options");
      const response = await startRegistration({ optionsJSON: options }).catch((err: unknown) => {
        throw ceremonyError(err);
      });
      return api.post<PasskeyView>("/api/dashboard/passkeys", { challengeId, response, name });
    },
    onSuccess: () => {
      client.invalidateQueries({ queryKey: key });
      client.invalidateQueries({ queryKey: ["audit"] });
    },
  });
}

export function useRenamePasskey() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: RenamePasskeyInput & { id: string }) =>
      api.patch<{ id: string; name: string }>(`/api/dashboard/passkeys/${encodeURIComponent(id)}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useRemovePasskey() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<{ removed: number }>(`/api/dashboard/passkeys/${encodeURIComponent(id)}/remove`),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: key });
      client.invalidateQueries({ queryKey: ["audit"] });
    },
  });
}
