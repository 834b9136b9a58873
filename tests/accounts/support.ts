/** Values of ?callbackUrl= (already decoded) that a browser would take off-origin, or that once broke. */
export const HOSTILE_CALLBACKS = [
  "/\t/evil.example/phish",
  "/\n/evil.example/phish",
  "/\r\n/evil.example",
  "\t//evil.example",
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "/.//evil.example",
  "https://evil.example/",
  "http:evil.example",
  "HTTPS://EVIL.EXAMPLE",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "/%0A/evil.example".replace("%0A", "\n"),
  decodeURIComponent("%2F%2Fevil.example"),
  decodeURIComponent("%2F%5Cevil.example"),
  " /\t/evil.example",
];

/**
 * A tiny cookie-keeping HTTP client that signs in the way the sign-in form does: next-auth's CSRF
 * token, then its credentials callback with json=true (real HTTP, no browser).
 */
export class SignInClient {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly baseUrl: string,
    readonly headers: Record<string, string> = {},
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      ...init,
      redirect: "manual",
      headers: { ...this.headers, cookie: this.cookieHeader(), ...(init.headers as Record<string, string>) },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  get(path: string, headers: Record<string, string> = {}) {
    return this.request(path, { headers });
  }

  async csrfToken(): Promise<string> {
    const res = await this.get("/api/auth/csrf");
    return ((await res.json()) as { csrfToken: string }).csrfToken;
  }

  /** POST to a next-auth endpoint with its CSRF token, as next-auth/react does. */
  async nextAuthPost(path: string, form: Record<string, string>): Promise<Response> {
    const csrfToken = await this.csrfToken();
    return this.request(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...form, csrfToken, json: "true" }).toString(),
    });
  }

  credentials(email: string, password: string, extra: Record<string, string> = {}) {
    return this.nextAuthPost("/api/auth/callback/credentials", { email, password, ...extra });
  }

  signOut() {
    return this.nextAuthPost("/api/auth/signout", {});
  }

  /** The session cookie's name and value (to copy it into another client). */
  sessionCookie(): [string, string] | undefined {
    return [...this.cookies].find(([k]) => k.endsWith("next-auth.session-token"));
  }
}
