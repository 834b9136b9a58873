import { handoffPaths } from "../handoff/openapi";
import type { OpenApiExtension } from "./openapi";

/**
 * Paths documented beside /v1 but served elsewhere (e.g. the agent handoff under /api/agent/...).
 * Features add their entry here; lib/docs/openapi.ts merges them into the one document.
 */
export const openApiExtensions: OpenApiExtension[] = [
  {
    paths: handoffPaths,
    tags: [
      {
        name: "Agent handoff",
        description:
          "Browser PKCE handoff: a coding agent obtains an API key without copy-paste (docs/agent-handoff.md).",
      },
    ],
  },
];
