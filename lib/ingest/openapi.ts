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

/** The feed's name as lib/ingest/pipeline.ts checks it (a 400 otherwise). */
const SOURCE_PARAM = {
  type: "string",
  pattern: "^[a-z0-9][a-z0-9_.-]{0,39}$",
  minLength: 1,
  maxLength: 40,
  description:
    "The feed's name: lower-case letters, digits, '_', '.' or '-'; `statline` names Statline's own ids",
};

let cached: Json | undefined;

export function ingestOpenApi(): Json {
  cached ??= surfaceOpenApi(
    {
      title: "Statline ingest API",
      description:
        "Write live data (contests, state, match events, lineups, statistics, odds) by the feed's own ids. Keys need the `ingest` scope, which only operator accounts may mint. Every write needs an Idempotency-Key header and a feed_at timestamp; an update older than the stored one is ignored (with a reason), one more than INGEST_MAX_FEED_SKEW_S ahead of the server's clock is 400. Bodies are application/json (odds also application/x-ndjson); anything else is 415. A new id that joins an existing row answers created:false with `matched`. The reserved source `statline` names Statline's own contest ids. docs/ingest.md has a worked example.",
      errorMessage: "Names the field by JSON pointer, e.g. '/score/home'",
      tags: {
        Catalogue: "Competitions, editions, teams and persons by the feed's own ids.",
        Live: "Contests as they happen: state, match events, lineups and statistics.",
        Odds: "Odds snapshots, one object or an NDJSON batch.",
        Meta: "This document.",
      },
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
      pathParams: { source: SOURCE_PARAM },
      okHeaders: ["Idempotent-Replayed"],
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
      // A DELETE never creates: 200 with what it removed (or that it was gone already).
      ok: (r.method === "DELETE" ? { 200: "Deleted" } : { 200: "Accepted", 201: "Created" }) as Record<
        number,
        string
      >,
      refusals: [400, 401, 403, 404, 409, 413, 415, 429],
    })),
  );
  return cached;
}
