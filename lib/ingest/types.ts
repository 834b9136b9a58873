import type { z } from "zod";
import type { Caller } from "../keys/caller";
import type { Tx } from "../platform/db";
import type { DataScope } from "../events/data-version";
import type { Committed, IdemRecord } from "./commit";

/** A JSON body (application/json) or newline-delimited JSON lines (application/x-ndjson). */
export type BodyKind = "json" | "ndjson";

/** What a write handler gets: the validated body, inside the write's one transaction. */
export interface IngestContext<B> {
  body: B;
  params: Record<string, string>;
  caller: Caller;
  tx: Tx;
}

/** An accepted write's answer: what was created, updated, or ignored as older than stored. */
export interface IngestResult {
  status?: 200 | 201;
  data: Record<string, unknown>;
  /** false when nothing changed (a replay of the same state, or an update older than stored). */
  changed: boolean;
}

export interface IngestRouteDef<S extends z.ZodType = z.ZodType> {
  method: "POST" | "PUT" | "DELETE" | "GET";
  /** e.g. "/ingest/v1/contests/{source}/{external_id}/state"; also the metering endpoint label. */
  pattern: string;
  summary: string;
  description?: string;
  /** The body: one JSON value, or (ndjson) the schema of each line. */
  body: S;
  bodyKind: BodyKind;
  /** Largest body accepted, in bytes (413 above it). */
  maxBytes: number;
  response: z.ZodType;
  /** Units charged for an accepted write (lib/plans/index.ts). */
  units: number;
  handler: (ctx: IngestContext<z.output<S>>) => Promise<IngestResult>;
  /**
   * A route that commits itself (odds batches on SQLite: a writer thread); `inTransaction` runs
   * `handler` in the pipeline's transaction, the path of every other route.
   */
  commit?: (
    ctx: { body: z.output<S>; params: Record<string, string>; idem: IdemRecord },
    inTransaction: () => Promise<Committed>,
  ) => Promise<Committed>;
  /** What an accepted write changes (lib/events/data-version.ts); "all" unless set. */
  changes?: DataScope;
  /** The OpenAPI document itself: no key, no body, no transaction. */
  public?: boolean;
  tags: string[];
}

/** Keeps each route's body type for its handler while the table holds routes of any schema. */
export function defineIngestRoute<S extends z.ZodType>(def: IngestRouteDef<S>): IngestRouteDef {
  return def as unknown as IngestRouteDef;
}
