"use client";

import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";

/**
 * Asks the browser for one of this site's passkeys (discoverable: no address needed) and returns
 * the answer as the sign-in form posts it (next-auth's credentials take text fields), or an error
 * the form shows.
 */
export async function passkeyAssertion(): Promise<{ assertion: string } | { error: string }> {
  const res = await fetch("/api/passkeys/options", {
    method: "POST",
    headers: { Accept: "application/json" },
    cache: "no-store",
  }).catch(() => null);
  const body = (await res?.json().catch(() => null)) as {
    data?: { challengeId: string; options: PublicKeyCredentialRequestOptionsJSON };
    error?: { message: string };
  } | null;
  if (!res?.ok || !body?.data)
    return { error: body?.error?.message ?? "Could not reach the server. Try again." };
  try {
    const response = await startAuthentication({ optionsJSON: body.data.options });
    return { assertion: JSON.stringify({ challengeId: body.data.challengeId, response }) };
  } catch {
    return { error: "No passkey was used: the request was cancelled or timed out. Try again." };
  }
}
