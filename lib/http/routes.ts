/**
 * The one route compiler of the keyed surfaces (/v1, /ingest/v1, /sandbox/v1): OpenAPI-style
 * patterns with `{name}` parameters, a trailing slash tolerated. Literal paths are one map lookup;
 * only patterned routes run a regex.
 */

/** What the table needs of a route: its path pattern, and its method where it has one. */
export interface Routable {
  pattern: string;
  /** Unset: any method matches (/v1 answers a wrong method itself, after the key). */
  method?: string;
}

export interface RouteMatch<R> {
  route: R;
  params: Record<string, string>;
}

/** A match, `{ allowed }` when the path matches but not the method (405), or null (404). */
export type Lookup<R> = RouteMatch<R> | { allowed: string[] } | null;

interface Compiled<R> {
  route: R;
  regex: RegExp;
  names: string[];
}

/**
 * A path segment that is not valid percent-encoding: kept as received (/v1: the handler refuses
 * the value) or the path matches nothing (the write surfaces: 404).
 */
export type BadEscape = "keep" | "unmatched";

export class RouteTable<R extends Routable> {
  private readonly exact = new Map<string, R[]>();
  private readonly patterned: Compiled<R>[] = [];

  constructor(
    readonly routes: readonly R[],
    private readonly badEscape: BadEscape,
  ) {
    for (const route of routes) {
      const names: string[] = [];
      const source = route.pattern
        .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
        .replace(/\{(\w+)\}/g, (_, name: string) => {
          names.push(name);
          return "([^/]+)";
        });
      if (names.length === 0) {
        const same = this.exact.get(route.pattern);
        if (same) same.push(route);
        else this.exact.set(route.pattern, [route]);
      } else this.patterned.push({ route, regex: new RegExp(`^${source}$`), names });
    }
  }

  /** The route for a method and path (a route without a method takes any). */
  match(method: string, rawPath: string): Lookup<R> {
    const path = rawPath.length > 1 && rawPath.endsWith("/") ? rawPath.slice(0, -1) : rawPath;
    let allowed: string[] | undefined;
    const literal = this.exact.get(path);
    if (literal)
      for (const route of literal) {
        if (route.method === undefined || route.method === method) return { route, params: {} };
        (allowed ??= []).push(route.method);
      }
    for (const c of this.patterned) {
      const m = c.regex.exec(path);
      if (!m) continue;
      if (c.route.method !== undefined && c.route.method !== method) {
        (allowed ??= []).push(c.route.method);
        continue;
      }
      const params: Record<string, string> = {};
      for (let i = 0; i < c.names.length; i++) {
        const v = decode(m[i + 1]);
        if (v === null) {
          if (this.badEscape === "unmatched") return null;
          params[c.names[i]] = m[i + 1];
        } else params[c.names[i]] = v;
      }
      return { route: c.route, params };
    }
    return allowed ? { allowed } : null;
  }
}

function decode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}
