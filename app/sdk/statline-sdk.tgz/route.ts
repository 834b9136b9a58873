import { ApiError } from "@/lib/platform/errors";
import { route } from "@/lib/auth/route";
import { sdkTarball } from "@/lib/sdk/tarball";

// The SDK for `npm install <this instance>/sdk/statline-sdk.tgz` (sdk/README.md). Public, like the docs.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * How long a request waits for the first build. Longer builds answer 503 with Retry-After while
 * they go on (npm retries a 503 after ~10 s, fetch-retry-mintimeout), well inside the server's
 * 30 s idle timeout, which would otherwise drop a silent connection mid-build.
 */
const WAIT_MS = 8000;

const unavailable = (message: string) =>
  new ApiError("SERVICE_UNAVAILABLE", message, { "Retry-After": "10" });

export const GET = route({ auth: "public", name: "sdk" }, async ({ request: req }) => {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), WAIT_MS)));
  let t;
  try {
    t = await Promise.race([sdkTarball(), waited]);
  } catch {
    throw unavailable("The SDK tarball could not be built on this instance; retry later");
  } finally {
    clearTimeout(timer);
  }
  if (!t) throw unavailable("The SDK tarball is being built; retry in 10 s");
  const headers = {
    ETag: t.etag,
    "Cache-Control": "public, max-age=300",
    "Content-Type": "application/gzip",
    "Content-Disposition": `attachment; filename="${t.filename}"`,
  };
  if (req.headers.get("if-none-match") === t.etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(t.bytes), {
    headers: { ...headers, "Content-Length": String(t.bytes.length) },
  });
});
