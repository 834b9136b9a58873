import { ApiError } from "@/lib/platform/errors";
import { route } from "@/lib/auth/route";
import { sdkWheel } from "@/lib/sdk/wheel";

// The Python SDK for `pip install <this instance>/sdk/python/statline-<version>-py3-none-any.whl`
// (sdk/README.md). Public, like the docs and the TypeScript SDK's tarball.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = route({ auth: "public", name: "sdk" }, async ({ request: req }) => {
  const wheel = sdkWheel();
  const file = new URL(req.url).pathname.split("/").pop();
  if (file !== wheel.filename)
    throw new ApiError("NOT_FOUND", `No such file; this instance serves /sdk/python/${wheel.filename}`);
  const headers = {
    ETag: wheel.etag,
    "Cache-Control": "public, max-age=300",
    "Content-Type": "application/zip",
    "Content-Disposition": `attachment; filename="${wheel.filename}"`,
  };
  if (req.headers.get("if-none-match") === wheel.etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(wheel.bytes), {
    headers: { ...headers, "Content-Length": String(wheel.bytes.length) },
  });
});
