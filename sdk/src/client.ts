import createFetchClient from "openapi-fetch";
import { resolveConfig, type ResolvedConfig } from "./config.js";
import { errorFromResponse, StatlineError } from "./errors.js";
import { items, pages } from "./paginate.js";
import { retryingFetch, type RetryOptions } from "./retry.js";
import type { Change, Replay } from "./changes.js";
import { streamChanges, type StreamOptions } from "./stream.js";
import type { GetPath, InitArgs, ItemOf, PagedPath, RawClient, ResponseBody } from "./types.js";

export interface ClientOptions {
  /** Server address without /v1; default $STATLINE_BASE_URL, the credentials file's server, or http://localhost:3000. */
  baseUrl?: string;
  /** API key; default $STATLINE_API_KEY, else the key `statline login` saved. */
  apiKey?: string;
  /** Retry policy for 429 / 503 / network errors, or false for none. */
  retry?: RetryOptions | false;
  /** Per-attempt timeout; default 30 s. A timed-out attempt is retried like a network error. */
  timeoutMs?: number;
  /** A fetch implementation (tests, proxies); default globalThis.fetch. */
  fetch?: (request: Request) => Promise<Response>;
  /** Extra headers sent with every request. */
  headers?: Record<string, string>;
  /** Environment to read instead of process.env. */
  env?: Record<string, string | undefined>;
}

export interface StatlineClient {
  /** Where the base URL and key came from. */
  readonly config: Readonly<ResolvedConfig>;
  /** The underlying openapi-fetch client: typed, returns `{data, error, response}`, never throws for HTTP errors. */
  readonly raw: RawClient;
  /** GET a path; resolves to the success body (`{data, meta}`), throws StatlineError otherwise. */
  get<P extends GetPath>(path: P, ...init: InitArgs<P>): Promise<ResponseBody<P>>;
  /** Every item of a paged list (persons, teams: limit/offset; odds history: next_cursor), fetched page by page. */
  paginate<P extends PagedPath>(path: P, ...init: InitArgs<P>): AsyncGenerator<ItemOf<P>>;
  /** The same loop, one whole response (`{data, meta}`) per page. */
  pages<P extends PagedPath>(path: P, ...init: InitArgs<P>): AsyncGenerator<ResponseBody<P>>;
  /** The change feed after `query.cursor`, typed, to the newest change; then `feed.cursor` is where to resume. */
  changes(query?: ChangeQuery): ChangeFeed;
  /** GET /v1/stream as typed changes; a dropped connection resumes with Last-Event-ID. */
  stream(options?: StreamOptions): AsyncGenerator<Change>;
  /** The replay sandbox (/sandbox/v1/replays): replay a finished contest to this account's stream and webhooks. */
  readonly replays: {
    start(contestId: string, speed?: number): Promise<Replay>;
    get(id: string): Promise<Replay>;
    list(): Promise<Replay[]>;
    cancel(id: string): Promise<Replay>;
  };
}

export interface ChangeQuery {
  cursor?: string;
  types?: string;
  competition?: string;
  contest?: string;
  limit?: number;
}

export interface ChangeFeed extends AsyncIterable<Change> {
  /** The last page's next_cursor (after iterating): pass it as `cursor` later for newer changes only. */
  readonly cursor: string | undefined;
}

type LooseInit = { params?: { query?: Record<string, unknown>; path?: Record<string, unknown> } } & Record<
  string,
  unknown
>;
type LooseGet = (
  path: string,
  init?: LooseInit,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

export function createClient(options: ClientOptions = {}): StatlineClient {
  const config = resolveConfig(options);
  const baseFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const timeoutMs = options.timeoutMs ?? 30_000;
  const timed = (request: Request) =>
    baseFetch(
      new Request(request, { signal: AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]) }),
    );
  const raw = createFetchClient<import("./types.js").paths>({
    baseUrl: config.baseUrl,
    fetch: options.retry === false ? timed : retryingFetch(timed, options.retry),
    headers: {
      Accept: "application/json",
      ...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}),
      ...options.headers,
    },
  });

  async function getLoose(path: string, init?: LooseInit): Promise<{ data: unknown }> {
    if (config.keyRefused)
      throw new StatlineError({ code: "CREDENTIALS_ORIGIN_MISMATCH", message: config.keyRefused, status: 0 });
    let result: Awaited<ReturnType<LooseGet>>;
    try {
      result = await (raw.GET as unknown as LooseGet)(path, init);
    } catch (err) {
      if (err instanceof StatlineError || (err as { name?: string })?.name === "AbortError") throw err;
      const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
      const why = cause?.code ?? cause?.message ?? (err as Error)?.message ?? String(err);
      throw new StatlineError({
        code: "NETWORK_ERROR",
        message: `Cannot reach ${config.baseUrl}: ${why}`,
        status: 0,
        cause: err,
      });
    }
    if (!result.response.ok) throw errorFromResponse(result.response, result.error);
    return result.data as { data: unknown };
  }

  const pageFetcher = (path: string, init?: LooseInit) => (query: Record<string, unknown>) =>
    getLoose(path, { ...init, params: { ...init?.params, query } });

  const authHeaders = (): Record<string, string> => {
    if (config.keyRefused)
      throw new StatlineError({ code: "CREDENTIALS_ORIGIN_MISMATCH", message: config.keyRefused, status: 0 });
    return { ...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}), ...options.headers };
  };
  /** A sandbox call: not retried (a POST starts a replay), errors thrown as StatlineError. */
  async function sandbox(method: string, path: string, body?: unknown): Promise<unknown> {
    const request = new Request(`${config.baseUrl}/sandbox/v1/replays${path}`, {
      method,
      headers: { Accept: "application/json", "Content-Type": "application/json", ...authHeaders() },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const res = await timed(request).catch((err: unknown) => {
      throw new StatlineError({
        code: "NETWORK_ERROR",
        message: `Cannot reach ${config.baseUrl}`,
        status: 0,
        cause: err,
      });
    });
    const text = await res.text();
    if (!res.ok) throw errorFromResponse(res, text);
    return (JSON.parse(text) as { data: unknown }).data;
  }

  return {
    config,
    raw,
    changes(query = {}) {
      const state = { cursor: query.cursor };
      return {
        get cursor() {
          return state.cursor;
        },
        async *[Symbol.asyncIterator]() {
          for await (const page of pages(pageFetcher("/v1/changes"), { ...query })) {
            const data = page.data as { items: Change[]; next_cursor: string };
            state.cursor = data.next_cursor;
            yield* data.items;
          }
        },
      };
    },
    stream: (opts) =>
      streamChanges(
        (query, headers, signal) =>
          baseFetch(
            new Request(`${config.baseUrl}/v1/stream${query ? `?${query}` : ""}`, {
              headers: { ...headers, ...authHeaders() },
              signal,
            }),
          ),
        opts,
      ),
    replays: {
      start: async (contestId, speed = 1) =>
        (await sandbox("POST", "", { contest_id: contestId, speed })) as Replay,
      get: async (id) => (await sandbox("GET", `/${encodeURIComponent(id)}`)) as Replay,
      list: async () => ((await sandbox("GET", "")) as { items: Replay[] }).items,
      cancel: async (id) => (await sandbox("DELETE", `/${encodeURIComponent(id)}`)) as Replay,
    },
    get: (path, ...init) => getLoose(path, init[0] as LooseInit) as never,
    paginate: (path, ...init) => {
      const loose = init[0] as LooseInit | undefined;
      return items(pageFetcher(path, loose), loose?.params?.query) as never;
    },
    pages: (path, ...init) => {
      const loose = init[0] as LooseInit | undefined;
      return pages(pageFetcher(path, loose), loose?.params?.query) as never;
    },
  };
}
