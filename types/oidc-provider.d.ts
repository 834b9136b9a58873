// The subset of oidc-provider 9 the SSO tests use to run a real provider (the package ships no types).
declare module "oidc-provider" {
  import type { Server } from "node:http";

  export interface ClientMetadata {
    client_id: string;
    client_secret: string;
    redirect_uris: string[];
    grant_types?: string[];
    response_types?: string[];
  }
  export interface AccountClaims {
    sub: string;
    [claim: string]: unknown;
  }
  export interface Configuration {
    clients?: ClientMetadata[];
    claims?: Record<string, string[]>;
    findAccount?: (
      ctx: unknown,
      sub: string,
    ) => Promise<{ accountId: string; claims: () => Promise<AccountClaims> | AccountClaims }>;
    features?: Record<string, { enabled: boolean }>;
    conformIdTokenClaims?: boolean;
  }
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    proxy: boolean;
    listen(port: number, host: string, callback?: () => void): Server;
  }
}
