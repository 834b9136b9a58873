/** The OpenAPI 3.1 document of /sandbox/v1, built from its route table (lib/replay/routes.ts). */
import { surfaceOpenApi, type Json } from "../docs/surface-openapi";
import { sandboxRoutes } from "./routes";

let cached: Json | undefined;

export function sandboxOpenApi(): Json {
  cached ??= surfaceOpenApi(
    {
      title: "Statline sandbox API",
      description:
        "Replay any finished contest as if live, x1 to x60, to this account's GET /v1/stream and webhooks only; every change it sends carries `replay.id`. Any key may call it. docs/replay.md has the details.",
    },
    sandboxRoutes.map((r) => ({
      method: r.method,
      pattern: r.pattern,
      summary: r.summary,
      public: !r.handler,
      tags: r.handler ? ["Replays"] : undefined,
      body: r.body && { schema: r.body },
      response: r.response,
      ok: { [r.status ?? 200]: "OK" },
      refusals: [400, 401, 403, 404, 409, 429],
    })),
  );
  return cached;
}
