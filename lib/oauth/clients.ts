import type { OAuthRegisteredClientsStore } from "@modelcontextprotocol/sdk/server/auth/clients.js";
import { InvalidClientMetadataError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type { OAuthClientInformationFull } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { Db } from "../platform/db";
import { documentClient, isMetadataDocumentUrl } from "./metadata-document";
import { clientById, insertClient } from "./store";
import { newClientId } from "./tokens";

/** Bounds on what a registration may store (hostile input is bounded). */
const MAX_REDIRECT_URIS = 10;
const MAX_URI_LENGTH = 2000;
const MAX_NAME_LENGTH = 100;
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);
const CLIENT_ID = /^oc_[0-9A-Za-z]{32}$/;

/** RFC 8252 §7.1: a private-use scheme is a reverse domain name the app's owner controls. */
const REVERSE_DOMAIN_SCHEME = /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:$/;

/**
 * OAuth 2.1 §1.5 / RFC 8252: https, or http to a loopback address (a native app's redirect), or a
 * private-use scheme named as a reverse domain (`com.example.app:/cb`, RFC 8252 §7.1): a
 * single-word scheme (`myapp://`) can be claimed by any app on the device. No credentials in the
 * URI (`https://user:pw@host/`, which would travel with every code), no fragment, no file:.
 */
export function redirectUriProblem(raw: string): string | null {
  if (raw.length > MAX_URI_LENGTH) return `redirect_uri longer than ${MAX_URI_LENGTH} characters`;
  const url = new URL(raw);
  if (url.hash) return "redirect_uri must not contain a fragment";
  if (url.username || url.password) return "redirect_uri must not contain a user name or password";
  if (url.protocol !== "https:" && url.protocol !== "http:" && url.protocol !== "file:") {
    if (!REVERSE_DOMAIN_SCHEME.test(url.protocol))
      return "redirect_uri with a custom scheme must name it as a reverse domain (com.example.app:/callback, RFC 8252 §7.1)";
  }
  if (url.protocol === "http:" && !LOOPBACK.has(url.hostname))
    return "redirect_uri must use https (http only to localhost, 127.0.0.1 or [::1])";
  if (url.protocol === "file:") return "redirect_uri must not be a file: URL";
  return null;
}

function validated(client: Omit<OAuthClientInformationFull, "client_id" | "client_id_issued_at">) {
  if (client.redirect_uris.length === 0 || client.redirect_uris.length > MAX_REDIRECT_URIS)
    throw new InvalidClientMetadataError(`redirect_uris must list 1 to ${MAX_REDIRECT_URIS} URIs`);
  for (const uri of client.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new InvalidClientMetadataError(problem);
  }
  const grants = client.grant_types ?? ["authorization_code", "refresh_token"];
  if (grants.some((g) => g !== "authorization_code" && g !== "refresh_token"))
    throw new InvalidClientMetadataError("grant_types may only be authorization_code and refresh_token");
  if (client.client_uri && client.client_uri.length > MAX_URI_LENGTH)
    throw new InvalidClientMetadataError(`client_uri longer than ${MAX_URI_LENGTH} characters`);
  const name = (client.client_name ?? "").trim().slice(0, MAX_NAME_LENGTH) || "Unnamed client";
  const uri = client.client_uri && /^https?:/i.test(client.client_uri) ? client.client_uri : null;
  return { name, uri, redirectUris: client.redirect_uris, scope: client.scope?.slice(0, 500) };
}

type ClientRow = {
  id: string;
  name: string;
  uri: string | null;
  redirectUris: string;
  metadata: string;
  createdAt: Date;
};

function toInfo(row: ClientRow): OAuthClientInformationFull {
  const meta = JSON.parse(row.metadata) as { scope?: string };
  return {
    client_id: row.id,
    client_id_issued_at: Math.floor(row.createdAt.getTime() / 1000),
    client_name: row.name,
    ...(row.uri ? { client_uri: row.uri } : {}),
    redirect_uris: JSON.parse(row.redirectUris) as string[],
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    // Every client is public: PKCE proves possession, and no client secret is kept anywhere
    // (the SDK compares a stored secret in plain text, so a secret would have to be stored).
    token_endpoint_auth_method: "none",
    ...(meta.scope ? { scope: meta.scope } : {}),
  };
}

const validRedirect = (uri: string) => URL.canParse(uri) && redirectUriProblem(uri) === null;

export function findClient(db: Db, id: string): Promise<OAuthClientInformationFull | undefined> | undefined {
  if (isMetadataDocumentUrl(id))
    return documentClient(db, id, validRedirect).then((c) =>
      c
        ? toInfo({
            id,
            name: c.name,
            uri: c.uri,
            redirectUris: JSON.stringify(c.redirectUris),
            metadata: "{}",
            createdAt: new Date(),
          })
        : undefined,
    );
  if (!CLIENT_ID.test(id)) return undefined;
  return clientById(db, id).then((row) => (row ? toInfo(row) : undefined));
}

/** The registration store of the SDK's handlers; `ip` is the registering client's address. */
export function clientsStore(db: Db, ipOf: () => string): OAuthRegisteredClientsStore {
  return {
    getClient: (id) => findClient(db, id),
    async registerClient(client) {
      const v = validated(client);
      const row = await insertClient(db, {
        id: newClientId(),
        name: v.name,
        uri: v.uri,
        redirectUris: JSON.stringify(v.redirectUris),
        metadata: JSON.stringify({ scope: v.scope }),
        registeredIp: ipOf(),
      });
      return toInfo(row);
    },
  };
}
