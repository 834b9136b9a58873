import { envInt, envStrOpt } from "../platform/config";

/**
 * The WebAuthn relying party is the configured public origin (NEXTAUTH_URL): its host name is the
 * RP ID a passkey is bound to, its origin the only one an answer may come from. Behind a proxy
 * that is the address people use, never the request's Host. An IP address cannot be an RP ID
 * (browsers refuse it): passkeys need a host name, `localhost` included.
 */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingParty(configured = envStrOpt("NEXTAUTH_URL")): RelyingParty {
  const url = new URL(configured?.trim() || `http://localhost:${envInt("PORT")}`);
  return { id: url.hostname, origin: url.origin, name: "Statline" };
}
