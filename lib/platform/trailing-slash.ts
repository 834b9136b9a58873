/**
 * Where a page path with a trailing slash redirects (308), or null when it has none. Answered by
 * server.ts before Next: Next's own redirect re-serialised the query through a plain object and
 * repeated keys such as `constructor` and `toString` (`/docs/?constructor=1` went to
 * `/docs?constructor=1&constructor=…`). The query is kept byte for byte. Leading slashes and
 * backslashes collapse to one `/`, so `//evil.example/` cannot become a protocol-relative Location.
 */
export function trailingSlashTarget(url: string): string | null {
  const q = url.indexOf("?");
  const path = q < 0 ? url : url.slice(0, q);
  if (path.length < 2 || !path.endsWith("/")) return null;
  const trimmed = path.replace(/\/+$/, "").replace(/^[/\\]+/, "/");
  return (trimmed || "/") + (q < 0 ? "" : url.slice(q));
}
