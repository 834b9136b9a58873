/**
 * GET /v1/stream as typed changes: an SSE parser (WHATWG HTML §9.2.6) and the loop that resumes a
 * dropped connection with Last-Event-ID after the server's `retry:` hint, so no change is missed
 * or repeated. An `event: error` frame (key revoked, quota spent) throws its StatlineError.
 */
import type { Change } from "./changes.js";
import { errorFromResponse, StatlineError } from "./errors.js";

export interface StreamOptions {
  /** Change types or resources, e.g. ["contest", "odds.points"]. */
  types?: string[];
  competition?: string;
  contest?: string;
  /** Resume after this change id (a previous stream's last `change.id`). */
  lastEventId?: string;
  /** Reconnects after a dropped connection; default unlimited. */
  maxReconnects?: number;
  signal?: AbortSignal;
}

interface Frame {
  id?: string;
  event: string;
  data: string[];
}

/** Frames of an SSE body; comments (heartbeats) are skipped. */
export async function* sseFrames(
  body: ReadableStream<Uint8Array>,
  state: { lastId?: string; retryMs: number },
) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let frame: Frame = { event: "message", data: [] };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let nl: number;
    while ((nl = buffer.search(/\r?\n/)) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + (buffer[nl] === "\r" ? 2 : 1));
      if (line === "") {
        if (frame.data.length) {
          if (frame.id !== undefined) state.lastId = frame.id;
          yield frame;
        }
        frame = { event: "message", data: [] };
      } else if (!line.startsWith(":")) {
        const at = line.indexOf(":");
        const name = at < 0 ? line : line.slice(0, at);
        const v = at < 0 ? "" : line.slice(at + 1).replace(/^ /, "");
        if (name === "id") frame.id = v;
        else if (name === "event") frame.event = v;
        else if (name === "data") frame.data.push(v);
        else if (name === "retry" && /^\d+$/.test(v)) state.retryMs = Number(v);
      }
    }
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The live stream; `open` sends GET /v1/stream with the given headers (the client's key). */
export async function* streamChanges(
  open: (query: string, headers: Record<string, string>, signal?: AbortSignal) => Promise<Response>,
  opts: StreamOptions = {},
): AsyncGenerator<Change> {
  const state: { lastId?: string; retryMs: number } = { lastId: opts.lastEventId, retryMs: 3000 };
  const query = new URLSearchParams();
  if (opts.types?.length) query.set("types", opts.types.join(","));
  if (opts.competition) query.set("competition", opts.competition);
  if (opts.contest) query.set("contest", opts.contest);
  for (let reconnects = 0; ; reconnects++) {
    const headers: Record<string, string> = { Accept: "text/event-stream" };
    if (state.lastId) headers["Last-Event-ID"] = state.lastId;
    try {
      const res = await open(query.toString(), headers, opts.signal);
      if (!res.ok) {
        const error = errorFromResponse(res, await res.text());
        if (!error.retryable) throw error;
        state.retryMs = (error.retryAfter ?? state.retryMs / 1000) * 1000;
      } else if (res.body) {
        for await (const frame of sseFrames(res.body, state)) {
          const payload = JSON.parse(frame.data.join("\n")) as
            Change | { error?: { code?: string; message?: string } };
          if (frame.event === "error") {
            const e = (payload as { error?: { code?: string; message?: string } }).error ?? {};
            throw new StatlineError({
              code: e.code ?? "STREAM_ERROR",
              message: e.message ?? "",
              status: 200,
            });
          }
          yield payload as Change;
        }
      }
    } catch (err) {
      if (err instanceof StatlineError || opts.signal?.aborted) throw err;
      // The connection dropped: resume after the last change seen.
    }
    if (opts.maxReconnects !== undefined && reconnects >= opts.maxReconnects) return;
    await sleep(state.retryMs);
  }
}
