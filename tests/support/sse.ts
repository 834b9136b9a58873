/**
 * A minimal Server-Sent Events client over fetch (headers allowed, unlike EventSource), parsing
 * the text/event-stream format of the WHATWG HTML spec: fields id, event, data, retry; comment
 * lines (": …") are kept so tests can see heartbeats.
 */
export interface SseEvent {
  id: string | undefined;
  event: string;
  data: string;
}

export interface SseClient {
  status: number;
  headers: Headers;
  events: SseEvent[];
  comments: string[];
  retry: number | undefined;
  /** Resolves when the server ends the stream (or the client aborts). */
  ended: Promise<void>;
  /** Resolves once `pred` holds for the events received so far; rejects after `ms`. */
  waitFor: (pred: (events: SseEvent[]) => boolean, ms?: number) => Promise<void>;
  close: () => void;
  /** The body when the answer was not a stream (errors). */
  text: string;
}

export async function openSse(url: string, headers: Record<string, string>): Promise<SseClient> {
  const abort = new AbortController();
  const res = await fetch(url, {
    headers: { Accept: "text/event-stream", ...headers },
    signal: abort.signal,
  });
  const client: SseClient = {
    status: res.status,
    headers: res.headers,
    events: [],
    comments: [],
    retry: undefined,
    ended: Promise.resolve(),
    text: "",
    close: () => abort.abort(),
    waitFor: async (pred, ms = 15_000) => {
      const deadline = Date.now() + ms;
      while (!pred(client.events)) {
        if (Date.now() > deadline)
          throw new Error(`SSE: condition not met in ${ms} ms (${client.events.length} events)`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
  };
  if (!res.headers.get("content-type")?.startsWith("text/event-stream")) {
    client.text = await res.text();
    return client;
  }
  let buffer = "";
  let current: { id?: string; event?: string; data: string[] } = { data: [] };
  const line = (l: string) => {
    if (l === "") {
      if (current.data.length || current.event)
        client.events.push({
          id: current.id,
          event: current.event ?? "message",
          data: current.data.join("\n"),
        });
      current = { data: [] };
      return;
    }
    if (l.startsWith(":")) return void client.comments.push(l.slice(1).trim());
    const i = l.indexOf(":");
    const field = i === -1 ? l : l.slice(0, i);
    const value = i === -1 ? "" : l.slice(i + 1).replace(/^ /, "");
    if (field === "data") current.data.push(value);
    else if (field === "id") current.id = value;
    else if (field === "event") current.event = value;
    else if (field === "retry") client.retry = Number(value);
  };
  const decoder = new TextDecoder();
  client.ended = (async () => {
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let nl: number;
        while ((nl = buffer.indexOf("\n")) !== -1) {
          line(buffer.slice(0, nl).replace(/\r$/, ""));
          buffer = buffer.slice(nl + 1);
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return client;
}
