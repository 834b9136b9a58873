import { route } from "@/lib/auth/route";
import { llmsResponse } from "@/lib/docs/llms-http";

// The whole API reference in Markdown for agents, generated from the OpenAPI document.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = route({ auth: "public" }, ({ request }) => llmsResponse(request, true));
export const HEAD = GET;
