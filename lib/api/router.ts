import { RouteTable, type RouteMatch } from "../http/routes";
import { routes } from "./routes";
import type { RouteDef } from "./types";

/** /v1's routes: every path answered by the API, a wrong escape handed to the route as received. */
export const v1Routes = new RouteTable(routes, "keep");

/** The /v1 route for a path (any method: /v1 answers a wrong one itself); a trailing slash is tolerated. */
export function matchRoute(path: string): RouteMatch<RouteDef> | null {
  const found = v1Routes.match("GET", path);
  return found !== null && "route" in found ? found : null;
}
