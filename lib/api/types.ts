import type { z } from "zod";
import type { Db } from "../db";
import type { Caller } from "../keys/caller";
import type { Scope } from "../keys/scopes";

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
  /** The client's address under TRUST_PROXY_HOPS (lib/client-ip.ts), for the request log. */
  ip: string;
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
}

export interface HandlerContext<Q> {
  query: Q;
  params: Record<string, string>;
  caller: Caller | null;
  /** The database the handler reads (the process-wide client; see lib/db.ts). */
  db: Db;
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
  /** Units charged for a successful call (see lib/plans.ts). */
  units: number;
  /** How long a response may be served from the response cache; 0 disables caching. */
  cacheTtlMs: number;
  /** Public routes (the OpenAPI document) skip key authentication. */
  public?: boolean;
  /** The handler's result is the whole body (no {data, meta} envelope), e.g. the OpenAPI document. */
  raw?: boolean;
  tags: string[];
  /** Additions to the operation in the OpenAPI document (lib/api/openapi.ts). */
  openapi?: {
    /** Extra responses by status, e.g. `{ 403: ERROR_RESPONSES[403] }` from lib/api/openapi-parts.ts. */
    responses?: Record<string, Record<string, unknown>>;
    /** Specification extensions on the operation, e.g. `{ "x-scope": "read" }`. */
    extensions?: Record<`x-${string}`, unknown>;
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
