import type { IngestRouteDef } from "./types";

interface Compiled {
  route: IngestRouteDef;
  regex: RegExp;
  names: string[];
}

export interface IngestMatch {
  route: IngestRouteDef;
  params: Record<string, string>;
}

export function compileRoutes(routes: IngestRouteDef[]): Compiled[] {
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
export function matchIngest(
  compiled: Compiled[],
  method: string,
  rawPath: string,
): IngestMatch | { allowed: string[] } | null {
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
