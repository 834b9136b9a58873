import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import type { Query } from "./hooks/queries";

/** A dashboard API route's GET handler (app/api/dashboard/**, made by dashboardRoute). */
type Get = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface Prefetch extends Query {
  get: Get;
  /** The route's dynamic segments (`[id]`), as Next hands them to the handler. */
  params?: Record<string, string>;
  /** An infinite query (useInfiniteQuery, first page param ""): the answer is its first page. */
  infinite?: boolean;
}

/**
 * Renders a dashboard page with the answers its client queries would fetch after load. Each GET
 * handler runs in the page's own request (same session, role check, workspace and JSON), and the
 * answers seed the browser's query cache (HydrationBoundary): the HTML shows the data, and the
 * browser neither fetches it again nor renders the page a second time once it arrives. A refused
 * or failed call is left out: the client asks again and shows its error as before.
 */
export async function Prefetched({ queries, children }: { queries: Prefetch[]; children: ReactNode }) {
  const incoming = new Headers(await headers());
  const client = new QueryClient();
  await Promise.all(
    queries.map(async ({ key, url, get, infinite, params }) => {
      const request = new Request(new URL(url, "http://dashboard.invalid"), { headers: incoming });
      const res = await get(request, params && { params: Promise.resolve(params) });
      if (!res.ok) return;
      const { data } = (await res.json()) as { data: unknown };
      client.setQueryData(key, infinite ? { pages: [data], pageParams: [""] } : data);
    }),
  );
  return <HydrationBoundary state={dehydrate(client)}>{children}</HydrationBoundary>;
}
