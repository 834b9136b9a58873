import { ApiError } from "../platform/errors";
import type { ApiRequest } from "../api/types";

/** What the router needs of a route: its method and its path with `{name}` parameters. */
interface Routable {
  method: string;
  pattern: string;
}

interface Compiled<R extends Routable> {
  route: R;
  regex: RegExp;
  names: string[];
}

export interface RouteMatch<R extends Routable> {
  route: R;
  params: Record<string, string>;
}

/** The router of the write surfaces' route tables (/ingest/v1, /sandbox/v1). */
export function compileRoutes<R extends Routable>(routes: readonly R[]): Compiled<R>[] {
  return routes.map((route) => {
    const names: string[] = [];
    const source = route.pattern
      .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
      .replace(/\{(\w+)\}/g, (_, name: string) => {
        names.push(name);
        return "([^/]+)";
      });
    return { route, regex: new RegExp(`^${source}$`), names };
  });
}

function decode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

/**
 * The route for a method and path: `{ allowed }` lists the methods when the path matches but
 * the method does not (405), null when no route has the path (404).
 */
export function matchRoute<R extends Routable>(
  compiled: readonly Compiled<R>[],
  method: string,
  rawPath: string,
): RouteMatch<R> | { allowed: string[] } | null {
  const path = rawPath.length > 1 && rawPath.endsWith("/") ? rawPath.slice(0, -1) : rawPath;
  const allowed: string[] = [];
  for (const c of compiled) {
    const m = c.regex.exec(path);
    if (!m) continue;
    if (c.route.method !== method) {
      allowed.push(c.route.method);
      continue;
    }
    const params: Record<string, string> = {};
    for (const [i, name] of c.names.entries()) {
      const v = decode(m[i + 1]);
      if (v === null) return null;
      params[name] = v;
    }
    return { route: c.route, params };
  }
  return allowed.length ? { allowed } : null;
}

/** The request's route (HEAD as GET), or the 404 / 405 (with Allow) that refuses it. */
export function routeFor<R extends Routable>(
  compiled: readonly Compiled<R>[],
  apiReq: ApiRequest,
): RouteMatch<R> {
  const found = matchRoute(compiled, apiReq.method === "HEAD" ? "GET" : apiReq.method, apiReq.path);
  if (!found) throw new ApiError("NOT_FOUND", `No endpoint at ${apiReq.path.slice(0, 100)}`);
  if ("allowed" in found)
    throw new ApiError("METHOD_NOT_ALLOWED", `Method ${apiReq.method.slice(0, 20)} is not allowed here`, {
      Allow: found.allowed.join(", "),
    });
  return found;
}
