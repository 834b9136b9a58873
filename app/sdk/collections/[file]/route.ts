import { ApiError } from "@/lib/platform/errors";
import { route } from "@/lib/auth/route";
import { COLLECTION_FILES, collectionFile, type CollectionFile } from "@/lib/sdk/collection-files";
import { oauthUrls } from "@/lib/oauth/config";

// Postman and Bruno collections of this instance's OpenAPI documents, with an environment template
// (sdk/README.md). Public, like the documents they are made from.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = route({ auth: "public", name: "sdk" }, async ({ request: req }) => {
  const url = new URL(req.url);
  const file = url.pathname.split("/").pop() ?? "";
  if (!Object.hasOwn(COLLECTION_FILES, file))
    throw new ApiError(
      "NOT_FOUND",
      `No such file; this instance serves ${Object.keys(COLLECTION_FILES).join(", ")}`,
    );
  // The public origin (NEXTAUTH_URL behind a proxy), else the address the request reached.
  const origin = oauthUrls(url.origin).issuer;
  const bytes = collectionFile(file as CollectionFile, origin);
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": COLLECTION_FILES[file as CollectionFile],
      "Content-Disposition": `attachment; filename="${file}"`,
      "Cache-Control": "public, max-age=300",
      "Content-Length": String(bytes.length),
    },
  });
});
