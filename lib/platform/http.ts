/**
 * A request and its answer as every keyed pipeline (/v1, /ingest/v1, /sandbox/v1) sees them,
 * independent of Next.js or node:http; the adapters build them. Features that read a request or
 * write a long-lived answer (the request log, the change stream) take these types, not a surface's.
 */
export interface HttpRequest {
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
