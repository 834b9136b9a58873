import { handleNextRequest } from "@/lib/api/adapters/next";

// Every /v1 path goes through the shared pipeline; its router answers 404/405 in the API's shape.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = handleNextRequest;
export const HEAD = handleNextRequest;
export const POST = handleNextRequest;
export const PUT = handleNextRequest;
export const PATCH = handleNextRequest;
export const DELETE = handleNextRequest;
export const OPTIONS = handleNextRequest;
