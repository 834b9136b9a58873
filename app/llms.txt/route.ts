import { llmsResponse } from "@/lib/docs/llms-http";

// Public guide for agents (llmstxt.org), generated from the OpenAPI document.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = (request: Request) => llmsResponse(request, false);
export const HEAD = GET;
