/** The OpenAPI 3.1 document of /ingest/v1, built from its route table (lib/ingest/routes.ts). */
import { surfaceOpenApi, type Json } from "../docs/surface-openapi";
import { ingestRoutes } from "./routes";
import type { IngestRouteDef } from "./types";

/** "/ingest/v1/{source}/contests/{external_id}/state" + POST -> "postContestsState". */
const operationId = (r: IngestRouteDef) =>
  r.method.toLowerCase() +
  r.pattern
    .replace(/^\/ingest\/v1\/\{source\}\//, "")
    .split(/[/.-]/)
    .filter((p) => p && !p.startsWith("{"))
    .map((p) => p[0].toUpperCase() + p.slice(1))
    .join("");

let cached: Json | undefined;

export function ingestOpenApi(): Json {
  cached ??= surfaceOpenApi(
    {
      title: "Statline ingest API",
      description:
        "Write live data (contests, state, match events, lineups, statistics, odds) by the feed's own ids. Keys need the `ingest` scope, which only operator accounts may mint. Every write needs an Idempotency-Key header and a feed_at timestamp; an update older than the stored one is ignored. The reserved source `statline` names Statline's own contest ids. docs/ingest.md has a worked example.",
      errorMessage: "Names the field by JSON pointer, e.g. '/score/home'",
    },
    ingestRoutes.map((r) => ({
      method: r.method,
      pattern: r.pattern,
      operationId: operationId(r),
      summary: r.summary,
      description: r.description,
      tags: r.tags,
      public: r.public,
      extensions: { "x-scope": "ingest", "x-max-body-bytes": r.maxBytes },
      headers: [
        {
          name: "Idempotency-Key",
          in: "header",
          required: true,
          description: "A retry with the same key returns the first answer and changes nothing",
          schema: { type: "string", maxLength: 255 },
        },
      ],
      body: { schema: r.body, required: r.method !== "DELETE", ndjson: r.bodyKind === "ndjson" },
      response: r.response,
      ok: { 200: "Accepted", 201: "Created" },
      refusals: [400, 401, 403, 404, 409, 413, 415, 429],
    })),
  );
  return cached;
}
