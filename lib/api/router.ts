import type { RouteDef } from "./types";
import { routes } from "./routes";

interface Compiled {
  route: RouteDef;
  regex: RegExp;
  names: string[];
}

const exact = new Map<string, RouteDef>();
const patterned: Compiled[] = [];

for (const route of routes) {
  const names: string[] = [];
  const source = route.pattern
    .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
    .replace(/\{(\w+)\}/g, (_, name: string) => {
      names.push(name);
      return "([^/]+)";
    });
  if (names.length === 0) exact.set(route.pattern, route);
  else patterned.push({ route, regex: new RegExp(`^${source}$`), names });
}

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

/** Finds the route for a path; a trailing slash is tolerated. */
export function matchRoute(rawPath: string): RouteMatch | null {
  const path = rawPath.length > 1 && rawPath.endsWith("/") ? rawPath.slice(0, -1) : rawPath;
  const route = exact.get(path);
  if (route) return { route, params: {} };
  for (const c of patterned) {
    const m = c.regex.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    c.names.forEach((name, i) => (params[name] = safeDecode(m[i + 1])));
    return { route: c.route, params };
  }
  return null;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
