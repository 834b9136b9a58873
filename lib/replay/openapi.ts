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
      tags: { Replays: "Replays of finished contests, sent as live changes.", Meta: "This document." },
    },
    sandboxRoutes.map((r) => ({
      method: r.method,
      pattern: r.pattern,
      summary: r.summary,
      operationId: r.operationId,
      public: !r.handler,
      tags: r.handler ? ["Replays"] : ["Meta"],
      pathParams: { id: { type: "string", minLength: 26, maxLength: 26, pattern: "^rpl_[0-9A-Za-z]{22}$" } },
      body: r.body && { schema: r.body },
      response: r.response,
      ok: { [r.status ?? 200]: "OK" },
      refusals: [400, 401, 403, 404, 409, 429],
    })),
  );
  return cached;
}
