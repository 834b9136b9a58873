/** The OpenAPI text of GET /v1/stream (lib/api/endpoints/stream.ts). */
import { commonHeaders, headerRef, schemaRef } from "../../docs/openapi-parts";

export const STREAM_DESCRIPTION =
  "The change feed (GET /v1/changes) pushed as Server-Sent Events over one long-lived response. Each event is " +
  "`id: <change id>`, `event: <change type>` and `data: <the change item exactly as /v1/changes returns it>`. " +
  "The first line is a `retry:` hint; while idle a comment line (`: heartbeat`) arrives every 15 s. " +
  "Send the key in X-API-Key or Authorization: Bearer like every request: browsers' EventSource cannot set " +
  "headers, so use a client that can (fetch with a streamed body, or an SSE library that takes headers); keys " +
  "in the query string are not accepted. Resume after a dropped connection with the Last-Event-ID header (the " +
  "id of the last event received): everything committed after it is replayed from the feed before live events, " +
  "none lost, none repeated. Or pass cursor (a next_cursor of /v1/changes). Without either the stream starts " +
  "with the next change. types, competition and contest filter like /v1/changes. A position older than the " +
  "feed's retention is 410 CURSOR_EXPIRED before streaming. At most STREAM_MAX_PER_KEY (default 5) streams per " +
  "key and server instance: one more is 429 RATE_LIMITED with Retry-After. The connection costs 1 unit; " +
  "delivered events cost 1 unit per 100 (metered as /v1/stream (events)). A revoked or disabled key, or a " +
  "server shutting down, ends the stream (after an `event: error` carrying {error:{code,message}} for the key); " +
  "reconnect with Last-Event-ID.";

export const STREAM_OK_RESPONSE: Record<string, unknown> = {
  description:
    "An event stream, open until the client leaves, the key is revoked or the server stops. Each event's " +
    "data is one change item (schema ChangeEvent), its id the change id and its event name the change type.",
  headers: {
    ...commonHeaders(true),
    "Cache-Control": headerRef("Cache-Control"),
    "X-Units-Cost": headerRef("X-Units-Cost"),
    "X-Units-Used": headerRef("X-Units-Used"),
    "X-Units-Remaining": headerRef("X-Units-Remaining"),
  },
  content: {
    "text/event-stream": {
      schema: {
        type: "string",
        description: "Server-Sent Events (text/event-stream); see the operation description",
      },
      example:
        'retry: 3000\n\nid: 4182\nevent: contest.score\ndata: {"id":"4182","type":"contest.score","resource":"contest","resource_id":"611","competition_id":"3","contest_id":"611","at":"2026-11-23T06:58:02.114Z","data":{"id":"611","status":"live"}}\n\n: heartbeat\n\n',
      "x-event-data": schemaRef("ChangeEvent"),
    },
  },
};
