import type { z } from "zod";
import type { Db } from "../platform/db";
import type { Caller } from "../keys/caller";
import type { Scope } from "../keys/scopes";
import type { UnitGroup } from "../plans/unit-groups";
import type { ApiResponse, HttpRequest, ResponseStream, StreamSink } from "../platform/http";

/** A /v1 request: the transport's request, plus the principal an in-process caller resolved. */
export interface ApiRequest extends HttpRequest {
  /**
   * Set only by /mcp's in-process calls (lib/api/adapters/in-process.ts): the key-like principal its
   * OAuth token resolved to. No adapter of /v1 sets it, so /v1 itself accepts API keys only.
   */
  principal?: Caller;
}

export type { ApiResponse, ResponseStream, StreamSink };

/** A handler result that is a stream, not a JSON body (GET /v1/stream). */
export class StreamBody {
  constructor(readonly stream: ResponseStream) {}
}

export interface HandlerContext<Q> {
  query: Q;
  params: Record<string, string>;
  caller: Caller | null;
  /** The database the handler reads (the process-wide client; see lib/platform/db.ts). */
  db: Db;
  /** The request itself, for the few handlers that read headers (GET /v1/stream: Last-Event-ID). */
  req?: ApiRequest;
}

export interface RouteDef<S extends z.ZodType = z.ZodType> {
  /** OpenAPI-style pattern, e.g. "/v1/persons/{id}"; also the metering endpoint label. */
  pattern: string;
  summary: string;
  /** Longer OpenAPI description: rules, limits, defaults. */
  description?: string;
  query: S;
  /** Zod schema of `data`, for the OpenAPI document. */
  response: z.ZodType;
  handler: (ctx: HandlerContext<z.output<S>>) => Promise<unknown>;
  /**
   * The endpoint group whose price a successful call costs on the caller's plan (lib/plans/index.ts
   * UNIT_GROUPS); admission reserves it. null: free (the public OpenAPI document).
   */
  group: UnitGroup | null;
  /**
   * The group a successful uncached call is really priced as, from its result, when it depends on
   * it (a change-feed page holding an odds change costs the odds price); the difference to
   * `group`'s price is settled after the handler.
   */
  groupOf?: (data: unknown) => UnitGroup;
  /** How long a response may be served from the response cache; 0 disables caching. */
  cacheTtlMs: number;
  /**
   * The answer depends on odds points (odds history, the coverage flags): its cached copies are
   * dropped by odds-only writes too, which leave every other route's cache in place.
   */
  readsOdds?: boolean;
  /** Public routes (the OpenAPI document) skip key authentication. */
  public?: boolean;
  /** The handler's result is the whole body (no {data, meta} envelope), e.g. the OpenAPI document. */
  raw?: boolean;
  tags: string[];
  /** Additions to the operation in the OpenAPI document (lib/docs/openapi.ts). */
  openapi?: {
    /** Extra responses by status, e.g. `{ 403: ERROR_RESPONSES[403] }` from lib/docs/openapi-parts.ts. */
    responses?: Record<string, Record<string, unknown>>;
    /** Specification extensions on the operation, e.g. `{ "x-scope": "read" }`. */
    extensions?: Record<`x-${string}`, unknown>;
    /** A streaming operation: its 200 comes from `responses`, without envelope, ETag or 304. */
    stream?: boolean;
  };
  /** The key scope this route needs (lib/keys/scopes.ts); every non-public route names one. */
  scope?: Scope;
}

/** Keeps each route's query type for its handler while the table holds routes of any schema. */
export function defineRoute<S extends z.ZodType>(def: RouteDef<S>): RouteDef {
  return def as unknown as RouteDef;
}

/** A handler result that is already JSON: spliced into the body without a re-stringify. */
export class RawJson {
  constructor(readonly json: string) {}
}
