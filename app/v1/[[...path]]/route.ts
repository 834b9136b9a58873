import { handleNextRequest } from "@/lib/api/adapters/next";
import { watchDataVersion } from "@/lib/api/cache";
import { platform } from "@/lib/platform/config";
import { watchCatalogue } from "@/lib/plans/catalogue";

// Every /v1 path goes through the shared pipeline; its router answers 404/405 in the API's shape.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

// Under plain `next start` this module is the entry point: keep the response cache in step with seed/import.
// The plan catalogue likewise (watchCatalogue loads it at once, then polls its version).
if (!platform.isNextBuild()) {
  watchDataVersion();
  watchCatalogue();
}

export const GET = handleNextRequest;
export const HEAD = handleNextRequest;
export const POST = handleNextRequest;
export const PUT = handleNextRequest;
export const PATCH = handleNextRequest;
export const DELETE = handleNextRequest;
export const OPTIONS = handleNextRequest;
