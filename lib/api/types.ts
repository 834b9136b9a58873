import type { z } from "zod";
import type { Db } from "../platform/db";
import type { Caller } from "../keys/caller";
import type { Scope } from "../keys/scopes";
import type { UnitGroup } from "../plans/unit-groups";

/** A request as the API core sees it, independent of Next.js or node:http. */
export interface ApiRequest {
  method: string;
  /** Path without the query string, e.g. "/v1/persons/12". */
  path: string;
  query: URLSearchParams;
  /** The query string as received, without "?"; keys the response cache so a hit skips parsing. */
  rawQuery?: string;
  /** Lower-case header name -> value; repeated headers are joined with ", ". */
  header(name: string): string | undefined;
  /** The client's address under TRUST_PROXY_HOPS (lib/platform/client-ip.ts), for the request log. */
  ip: string;
  /** The adapter can hold a response open and write to it (the lean server: GET /v1/stream). */
  canStream?: boolean;
  /**
   * Set only by /mcp's in-process calls (lib/api/adapters/in-process.ts): the key-like principal its
   * OAuth token resolved to. No adapter of /v1 sets it, so /v1 itself accepts API keys only.
   */
  principal?: Caller;
}

/** Where a long-lived response (Server-Sent Events) writes; the adapter implements it. */
export interface StreamSink {
  /** false once the transport's buffer is above its high-water mark (wait for onDrain). */
  write(chunk: string): boolean;
  /** Bytes written but not yet taken by the client. */
  readonly buffered: number;
  end(): void;
  /** Drops the connection at once (a client that stopped reading). */
  destroy(): void;
  onDrain(cb: () => void): void;
  onClose(cb: () => void): void;
}

/** A long-lived response body: started with the sink once the headers are written, or closed unused. */
export interface ResponseStream {
  start(sink: StreamSink): void;
  close(): void;
}

/** A handler result that is a stream, not a JSON body (GET /v1/stream). */
export class StreamBody {
  constructor(readonly stream: ResponseStream) {}
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  /** The body when it is built per request (errors); "" when `chunks` carry it. */
  body: string;
  /**
   * A 200's body as bytes, split for writing: the cache entry's stored part (plain, gzip or br),
   * then the per-request rest of the envelope (see lib/api/respond.ts). `bodyBytes` joins them.
   */
  chunks?: (Uint8Array | string)[];
  /** A 200 whose body is written over time (text/event-stream); only with ApiRequest.canStream. */
  stream?: ResponseStream;
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
