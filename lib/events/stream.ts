/**
 * One live stream (GET /v1/stream, docs/events.md): replays the change feed after a position,
 * then follows it as the notifier (lib/events/notify.ts) reports new commits. Every event's SSE
 * id is its change id, so `Last-Event-ID` resumes exactly after the last event received.
 *   STREAM_HEARTBEAT_MS=15000   comment line while idle (keeps proxies from closing the connection)
 *   STREAM_RETRY_MS=3000        the `retry:` hint sent first (client's reconnect delay)
 *   STREAM_BUFFER_BYTES=1048576 unread bytes after which a client that stopped reading is dropped
 *   STREAM_AUTH_CHECK_MS=1000   how often the key is re-checked (revoked/disabled: stream closed)
 */
import type { Db } from "../platform/db/client";
import { logDebug } from "../platform/log";
import { perProcess } from "../platform/process-state";
import type { ResponseStream, StreamSink } from "../platform/http";
import { readChanges, type FeedFilter } from "./feed";
import { knownHead, onChanges } from "./notify";
import type { ChangeEvent } from "./types";
import { envInt } from "../platform/config";

export const streamConfig = {
  heartbeatMs: envInt("STREAM_HEARTBEAT_MS"),
  retryMs: envInt("STREAM_RETRY_MS"),
  bufferBytes: envInt("STREAM_BUFFER_BYTES"),
  authCheckMs: envInt("STREAM_AUTH_CHECK_MS"),
};

const PAGE = 500;

export interface StreamError {
  code: string;
  message: string;
}

export interface StreamOptions {
  db: Db;
  /** Last change id the client has (exclusive start). */
  position: number;
  filter: FeedFilter;
  /** Re-checks the caller's key and scope: the error to close with, or null to go on. */
  recheck: () => Promise<StreamError | null>;
  /**
   * Charges a page of events before it is written (metering, quota): the error to close with
   * instead of sending them (quota or unit cap spent), or null to send them.
   */
  charge: (events: ChangeEvent[]) => StreamError | null;
  /** Called once when the stream ends, however it ends (frees the connection slot). */
  onEnd: () => void;
}

/** Every open stream of this process, for shutdown. */
const open = perProcess("liveStreams", () => new Set<EventStream>());

export const frame = (e: ChangeEvent) => `id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`;
const errorFrame = (e: StreamError) => `event: error\ndata: ${JSON.stringify({ error: e })}\n\n`;

export class EventStream implements ResponseStream {
  private sink: StreamSink | null = null;
  private closed = false;
  private position: number;
  private waker: (() => void) | null = null;
  private timers: NodeJS.Timeout[] = [];
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly opts: StreamOptions) {
    this.position = opts.position;
    open.add(this);
  }

  start(sink: StreamSink): void {
    if (this.closed) return sink.end();
    this.sink = sink;
    sink.onClose(() => this.close());
    sink.write(`retry: ${streamConfig.retryMs}\n\n`);
    this.unsubscribe = onChanges(this.opts.db, (head) => head > this.position && this.wakeUp());
    this.timers.push(
      setInterval(() => this.write(": heartbeat\n\n"), streamConfig.heartbeatMs),
      setInterval(() => void this.checkKey(), streamConfig.authCheckMs),
    );
    this.run().catch((err: unknown) => {
      logDebug("stream ended by an error", { reason: (err as Error).message });
      this.fail({
        code: "SERVICE_UNAVAILABLE",
        message: "The change feed is unavailable; reconnect with Last-Event-ID",
      });
    });
  }

  /** Ends the stream (client gone, shutdown, revoked key); safe to call more than once. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    open.delete(this);
    for (const t of this.timers) clearInterval(t);
    this.unsubscribe?.();
    this.wakeUp();
    this.sink?.end();
    this.opts.onEnd();
  }

  /** Sends an `error` event, then closes. */
  fail(error: StreamError): void {
    if (this.closed) return;
    this.write(errorFrame(error));
    this.close();
  }

  private wakeUp(): void {
    const w = this.waker;
    this.waker = null;
    w?.();
  }

  private async checkKey(): Promise<void> {
    const error = await this.opts.recheck();
    if (error) this.fail(error);
  }

  /** Writes unless the client has stopped reading past the bound, in which case it is dropped. */
  private write(chunk: string): boolean {
    const sink = this.sink;
    if (this.closed || !sink) return false;
    if (sink.buffered > streamConfig.bufferBytes) {
      logDebug("stream dropped: client is not reading", { buffered: sink.buffered });
      sink.destroy();
      this.close();
      return false;
    }
    return sink.write(chunk);
  }

  private async run(): Promise<void> {
    while (!this.closed) {
      const page = await readChanges(this.opts.db, this.position, this.opts.filter, PAGE);
      if (this.closed) return;
      const refused = page.items.length ? this.opts.charge(page.items) : null;
      if (refused) return this.fail(refused);
      let flowing = true;
      for (const e of page.items) flowing = this.write(frame(e)) && flowing;
      this.position = page.position;
      // A slow reader: wait until it has taken the backlog before reading more.
      if (!flowing && !this.closed) await new Promise<void>((r) => this.sink!.onDrain(r));
      if (page.hasMore) continue;
      if (knownHead() > this.position) continue;
      await new Promise<void>((resolve) => {
        if (this.closed) return resolve();
        this.waker = resolve;
      });
    }
  }
}

/** Closes every stream of this process (graceful shutdown: clients reconnect elsewhere). */
export function closeAllStreams(): number {
  const n = open.size;
  for (const s of [...open]) s.close();
  return n;
}

export const openStreams = () => open.size;
