/** Where a signed-in user lands when no (acceptable) destination was asked for. */
export const DEFAULT_CALLBACK = "/dashboard";

// A placeholder origin: a candidate is resolved against it the way a browser resolves it against
// ours, so whatever the browser would turn into another host (a tab or newline it strips, a
// backslash it reads as a slash, "//host", "/.//host") is seen as another host here too.
const BASE = "http://statline.invalid";
// Control characters and backslashes have no place in a path of ours; browsers drop or rewrite
// them (Chromium strips "\t" and "\n", so "/\t/evil.example" became "//evil.example").
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN = /[\u0000-\u001f\u007f\\]/;

/**
 * Only a same-origin path may be a post-sign-in destination (no open redirect via ?callbackUrl=).
 * Returns the path as the URL parser normalised it, so what we check is what the browser gets.
 */
export function safeCallbackPath(value: string | string[] | undefined | null): string {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v || v.length > 512 || !v.startsWith("/") || FORBIDDEN.test(v)) return DEFAULT_CALLBACK;
  let url: URL;
  try {
    url = new URL(v, BASE);
  } catch {
    return DEFAULT_CALLBACK;
  }
  if (url.origin !== BASE) return DEFAULT_CALLBACK;
  const path = url.pathname + url.search + url.hash;
  // "/.//evil.example" normalises to the path "//evil.example", protocol-relative once served.
  if (path.startsWith("//") || new URL(path, BASE).origin !== BASE) return DEFAULT_CALLBACK;
  return path;
}

/**
 * next-auth's redirect callback (`baseUrl` is our origin): an absolute URL is kept only when it is
 * on that origin, then checked as a path like any other; everything else lands on the dashboard.
 * (next-auth's default calls `new URL(url)` unguarded, and accepts "/\t/evil.example".)
 */
export function safeRedirectUrl(url: string, baseUrl: string): string {
  const origin = new URL(baseUrl).origin;
  let path: string | null = url.startsWith("/") ? url : null;
  if (!path && !FORBIDDEN.test(url) && URL.canParse(url)) {
    const target = new URL(url);
    if (target.origin === origin) path = target.pathname + target.search + target.hash;
  }
  return `${origin}${safeCallbackPath(path)}`;
}
