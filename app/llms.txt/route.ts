import { route } from "@/lib/auth/route";
import { llmsResponse } from "@/lib/docs/llms-http";

// Public guide for agents (llmstxt.org), generated from the OpenAPI document.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = route({ auth: "public" }, ({ request }) => llmsResponse(request, false));
export const HEAD = GET;
