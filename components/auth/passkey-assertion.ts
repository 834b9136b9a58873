"use client";

import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import type { Assertion } from "@/lib/passkeys/schemas";

/**
 * Asks the browser for one of this site's passkeys (discoverable: no address needed) and returns
 * its answer with the challenge it signed, or an error the form shows. The sign-in form posts it
 * as text (next-auth's credentials take text fields); re-authentication posts it as JSON.
 */
export async function passkeyAssertion(): Promise<{ assertion: Assertion } | { error: string }> {
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
    return { assertion: { challengeId: body.data.challengeId, response } as Assertion };
  } catch {
    return { error: "No passkey was used: the request was cancelled or timed out. Try again." };
  }
}
