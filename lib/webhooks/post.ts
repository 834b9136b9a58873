import http from "node:http";
import https from "node:https";
import net from "node:net";
import { webhookConfig } from "./config";
import { checkedLookup, isForbiddenAddress, RefusedTarget } from "./ssrf";
import { capResponseBody, cappedHeaders, READ_BYTES } from "./response";

export interface PostResult {
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  /** The first 4 KB of the response body (lib/webhooks/response.ts); the rest is never read. */
  response: string | null;
  /** The response headers, bounded (lib/webhooks/response.ts); null when there was no response. */
  headers?: Record<string, string> | null;
}

/**
 * One POST to a webhook URL: the target address is checked after DNS resolution (checkedLookup)
 * and the socket connects to the address that was checked; redirects are not followed (a 3xx is a
 * failed attempt); the whole attempt is capped by WEBHOOK_TIMEOUT_MS.
 */
export function postWebhook(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
): Promise<PostResult> {
  const started = performance.now();
  const done = (
    statusCode: number | null,
    error: string | null,
    response: string | null = null,
    headers: Record<string, string> | null = null,
  ): PostResult => ({
    statusCode,
    latencyMs: Math.round(performance.now() - started),
    error,
    response,
    headers,
  });
  const url = new URL(rawUrl);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host) && isForbiddenAddress(host) && !webhookConfig.allowPrivate())
    return Promise.resolve(done(null, `refused: ${host} is a private, loopback or link-local address`));
  return new Promise((resolve) => {
    const lib = url.protocol === "https:" ? https : http;
    const req = lib.request(url, {
      method: "POST",
      lookup: checkedLookup as unknown as net.LookupFunction,
      agent: false,
      headers: {
        ...headers,
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(body)),
        "user-agent": "Statline-Webhooks/1",
      },
      signal: AbortSignal.timeout(webhookConfig.timeoutMs()),
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        // Past the cap nothing more is read: a huge or endless answer costs at most this much.
        if (size >= READ_BYTES) res.destroy();
      });
      const finish = () =>
        resolve(
          done(
            res.statusCode ?? null,
            null,
            capResponseBody(Buffer.concat(chunks)),
            cappedHeaders(res.headers),
          ),
        );
      res.on("end", finish);
      res.on("close", finish);
    });
    req.on("error", (err: Error) => {
      const msg = err.name === "AbortError" || err.name === "TimeoutError" ? "timed out" : err.message;
      resolve(done(null, (err instanceof RefusedTarget ? "refused: " : "") + msg.slice(0, 300)));
    });
    req.end(body);
  });
}
