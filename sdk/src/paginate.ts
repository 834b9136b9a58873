type Query = Record<string, unknown>;
type Page = { data: unknown };
type FetchPage = (query: Query) => Promise<Page>;

/** Guards against a server that keeps answering with the same page. */
const MAX_PAGES = 1_000_000;

/**
 * Walks a paged list, page by page, choosing the loop from the response itself:
 *  - `data.has_more` present (the change feed, whose next_cursor is never null: it is where to ask
 *    for newer changes later): pass next_cursor back as `cursor` while has_more is true;
 *  - `data.next_cursor` present: pass it back as `cursor` until it is null (odds history);
 *  - `data.total` present: the spec's limit/offset loop, offset growing by the rows received
 *    until `offset + items.length >= total` (persons, teams). Growing by rows received rather than
 *    by the requested limit keeps the loop exact when a limit above the maximum is clamped.
 */
export async function* pages(fetchPage: FetchPage, initial: Query = {}): AsyncGenerator<Page> {
  const query: Query = { ...initial };
  for (let n = 0; n < MAX_PAGES; n++) {
    const page = await fetchPage({ ...query });
    yield page;
    const data = (page.data ?? {}) as {
      items?: unknown;
      total?: unknown;
      next_cursor?: unknown;
      has_more?: unknown;
    };
    const count = Array.isArray(data.items) ? data.items.length : 0;
    if (typeof data.has_more === "boolean" && !data.has_more) return;
    if ("next_cursor" in data) {
      if (data.next_cursor === null || data.next_cursor === undefined || data.next_cursor === "") return;
      if (data.next_cursor === query.cursor) throw new Error("The server returned the same cursor twice");
      query.cursor = data.next_cursor;
    } else if (typeof data.total === "number") {
      const offset = Number(query.offset ?? 0);
      if (count === 0 || offset + count >= data.total) return;
      query.offset = offset + count;
    } else {
      throw new TypeError("Not a paged list: the response has neither data.total nor data.next_cursor");
    }
  }
}

/** The items of every page, in order. */
export async function* items<T>(fetchPage: FetchPage, initial: Query = {}): AsyncGenerator<T> {
  for await (const page of pages(fetchPage, initial)) {
    const data = page.data as { items?: T[] };
    yield* data.items ?? [];
  }
}
