import { openApiDocument, renderLlmsFullTxt, renderLlmsTxt } from "./llms";

/**
 * The base URL for links: the host the reader used, as the /docs page does (a session or link
 * for another host name would not work for them).
 */
export function publicBase(request: Request): string {
  const url = new URL(request.url);
  const host = request.headers.get("host") ?? url.host;
  const proto =
    request.headers.get("x-forwarded-proto")?.split(",")[0].trim() ?? url.protocol.replace(":", "");
  return `${proto}://${host}`;
}

/** GET /llms.txt or /llms-full.txt: plain text, public, cacheable for 5 minutes. */
export async function llmsResponse(request: Request, full: boolean): Promise<Response> {
  const doc = await openApiDocument();
  const base = publicBase(request);
  const body = full ? renderLlmsFullTxt(doc, base) : renderLlmsTxt(doc, base);
  return new Response(request.method === "HEAD" ? null : body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=300",
      Vary: "Host, X-Forwarded-Proto",
    },
  });
}
