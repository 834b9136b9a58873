import https from "node:https";
import net from "node:net";
import { OAuthClientMetadataSchema } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { Db } from "../platform/db";
import { logDebug } from "../platform/log";
import { perProcess } from "../platform/process-state";
import { webhookConfig } from "../webhooks/config";
import { checkedLookup, isForbiddenAddress } from "../webhooks/ssrf";
import { upsertDocumentClient } from "./store";

/**
 * Client ID Metadata Documents (MCP authorization 2025-11-25, draft-ietf-oauth-client-id-metadata-
 * document): the client_id is an https URL whose JSON describes the client. Fetched through the
 * webhooks' SSRF guard (every resolved address checked, the socket pinned to it; private, loopback
 * and link-local targets refused unless WEBHOOK_ALLOW_PRIVATE=1), no redirects, at most 5 KB and
 * 3 s, one fetch per URL at a time, kept 5 minutes. A document that passes is stored as a client
 * row under its URL, so the consent page and Connected apps show it like a registered one.
 */
const MAX_BYTES = 5 * 1024;
const TIMEOUT_MS = 3000;
const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 1000;

export interface DocumentClient {
  name: string;
  uri: string | null;
  redirectUris: string[];
}

const state = perProcess("oauthMetadataDocuments", () => ({
  cache: new Map<string, { value: DocumentClient | null; until: number }>(),
  inflight: new Map<string, Promise<DocumentClient | null>>(),
}));

/** An https URL with a path and nothing that could smuggle credentials or a fragment. */
export function isMetadataDocumentUrl(raw: string): boolean {
  if (!raw.startsWith("https://") || raw.length > 2000) return false;
  try {
    const u = new URL(raw);
    return u.pathname !== "/" && !u.hash && !u.username && !u.password;
  } catch {
    return false;
  }
}

function fetchJson(raw: string): Promise<unknown> {
  const url = new URL(raw);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host) && isForbiddenAddress(host) && !webhookConfig.allowPrivate())
    return Promise.reject(new Error("private address"));
  return new Promise((resolve, reject) => {
    const req = https.get(url, {
      lookup: checkedLookup as unknown as net.LookupFunction,
      agent: false,
      headers: { accept: "application/json", "user-agent": "Statline-OAuth/1" },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    req.on("response", (res) => {
      if (res.statusCode !== 200) {
        res.destroy();
        return reject(new Error(`status ${res.statusCode}`));
      }
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
        if (body.length > MAX_BYTES) res.destroy(new Error("document too large"));
      });
      res.on("error", reject);
      res.on("end", () => {
        try {
          resolve(JSON.parse(body));
        } catch {
          reject(new Error("not JSON"));
        }
      });
    });
    req.on("error", reject);
  });
}

async function load(
  db: Db,
  url: string,
  validRedirect: (uri: string) => boolean,
): Promise<DocumentClient | null> {
  try {
    const parsed = OAuthClientMetadataSchema.extend({})
      .passthrough()
      .safeParse(await fetchJson(url));
    if (!parsed.success) return null;
    const doc = parsed.data as typeof parsed.data & { client_id?: unknown };
    // The document must name itself (no borrowing another URL's identity), and be a public client.
    if (doc.client_id !== url) return null;
    if (doc.token_endpoint_auth_method && doc.token_endpoint_auth_method !== "none") return null;
    if (
      doc.redirect_uris.length === 0 ||
      doc.redirect_uris.length > 10 ||
      !doc.redirect_uris.every(validRedirect)
    )
      return null;
    const client: DocumentClient = {
      name: (doc.client_name ?? "").trim().slice(0, 100) || new URL(url).host,
      uri: doc.client_uri && /^https?:/i.test(doc.client_uri) ? doc.client_uri : null,
      redirectUris: doc.redirect_uris,
    };
    const row = { name: client.name, uri: client.uri, redirectUris: JSON.stringify(client.redirectUris) };
    await upsertDocumentClient(db, url, row, {
      metadata: JSON.stringify({ document: true }),
      registeredIp: "metadata-document",
    });
    return client;
  } catch (err) {
    logDebug("client metadata document refused", { url, reason: (err as Error).message });
    return null;
  }
}

/** The client a metadata-document URL describes, or null when it cannot be fetched or is invalid. */
export function documentClient(
  db: Db,
  url: string,
  validRedirect: (uri: string) => boolean,
): Promise<DocumentClient | null> {
  const now = Date.now();
  const hit = state.cache.get(url);
  if (hit && hit.until > now) return Promise.resolve(hit.value);
  let pending = state.inflight.get(url);
  if (!pending) {
    pending = load(db, url, validRedirect).then((value) => {
      // A refusal is kept briefly: a fixed document is picked up within 30 s.
      state.cache.set(url, { value, until: Date.now() + (value ? TTL_MS : 30_000) });
      if (state.cache.size > MAX_ENTRIES) state.cache.delete(state.cache.keys().next().value!);
      state.inflight.delete(url);
      return value;
    });
    state.inflight.set(url, pending);
  }
  return pending;
}
