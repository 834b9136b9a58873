import type { Client, ClientPathsWithMethod, MaybeOptionalInit, MethodResponse } from "openapi-fetch";
import type { paths } from "./generated/schema.js";

export type { components, operations, paths } from "./generated/schema.js";

/** The openapi-fetch client over the generated paths. */
export type RawClient = Client<paths>;

/** Every path that answers GET, e.g. "/v1/persons" or "/v1/contests/{id}/odds/history". */
export type GetPath = ClientPathsWithMethod<RawClient, "get">;

/** The request options of a path: `{ params: { path?, query? }, signal?, headers? }`. */
export type GetInit<P extends GetPath> = MaybeOptionalInit<paths[P], "get">;

/** `init` is optional exactly when the path has no required parameter. */
export type InitArgs<P extends GetPath> =
  undefined extends GetInit<P> ? [init?: GetInit<P>] : [init: GetInit<P>];

/** The success body of a path: `{ data, meta }` for /v1 endpoints. */
export type ResponseBody<P extends GetPath> = MethodResponse<RawClient, "get", P>;

export type DataOf<P extends GetPath> = ResponseBody<P> extends { data: infer D } ? D : never;

/** Paths paged by limit/offset: their data has `items` and `total`. */
export type OffsetPagedPath = {
  [P in GetPath]: DataOf<P> extends { items: unknown[]; total: number } ? P : never;
}[GetPath];

/** Paths paged by cursor: their data has `items` and `next_cursor`. */
export type CursorPagedPath = {
  [P in GetPath]: DataOf<P> extends { items: unknown[]; next_cursor: string | null } ? P : never;
}[GetPath];

export type PagedPath = OffsetPagedPath | CursorPagedPath;

export type ItemOf<P extends GetPath> = DataOf<P> extends { items: (infer I)[] } ? I : never;

/** A record type by its schema name, e.g. `Schema<"Person">`. */
export type Schema<N extends keyof import("./generated/schema.js").components["schemas"]> =
  import("./generated/schema.js").components["schemas"][N];
