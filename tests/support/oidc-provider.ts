import type { Server } from "node:http";
import { freePort } from "./app";

/**
 * A real OpenID Connect provider (oidc-provider, the certified Node implementation) on loopback,
 * for the SSO tests. Its development interactions accept any login; the login names the account:
 * `<email>` signs in with that address verified, `unverified:<email>` with email_verified false.
 */
export interface RunningOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close: () => Promise<void>;
}

export function accountClaims(login: string) {
  const unverified = login.startsWith("unverified:");
  const email = unverified ? login.slice("unverified:".length) : login;
  return { sub: login, email, email_verified: !unverified, name: `SSO ${email.split("@")[0]}` };
}

export async function startOidcProvider(redirectUris: string[]): Promise<RunningOidcProvider> {
  // A dynamic import: the package is ESM only, and Playwright loads specs as CommonJS.
  const { default: Provider } = await import("oidc-provider");
  const clientId = "statline-test";
  const clientSecret = "statline-test-secret-0123456789abcdef";
  let server: Server | undefined;
  // Port first, then the provider that names it in its issuer URL.
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: redirectUris }],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: () => accountClaims(sub) }),
  });
  await new Promise<void>((resolve) => {
    server = provider.listen(port, "127.0.0.1", resolve);
  });
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
}
