import { SignInClient } from "./support";

/**
 * Drives a whole single sign-on over real HTTP, as a browser would: next-auth's sign-in POST, the
 * provider's development login and consent forms (oidc-provider), then the redirect back to the
 * app's callback. `tamper` may rewrite the callback URL (a forged state) before it is followed.
 */
export async function ssoSignIn(
  app: SignInClient,
  login: string,
  tamper: (callback: URL) => URL = (u) => u,
): Promise<{ location: string; status: number }> {
  const start = await app.nextAuthPost("/api/auth/signin/oidc", { callbackUrl: `${app.baseUrl}/dashboard` });
  const { url } = (await start.json()) as { url: string };
  if (!url.includes("/auth")) throw new Error(`sign-in did not go to the provider: ${url}`);
  // The provider's own cookie jar (same host as the app, another port).
  const op = new SignInClient("");
  let next = new URL(url);
  for (let hop = 0; hop < 20; hop++) {
    if (next.origin === app.baseUrl) {
      // The callback, then next-auth's own hops (/api/auth/error -> /signin?error=…), as absolute URLs.
      let target = tamper(next);
      for (;;) {
        const res = await app.get(target.pathname + target.search);
        const location = new URL(res.headers.get("location") ?? "", app.baseUrl);
        if (res.status < 300 || res.status >= 400 || !location.pathname.startsWith("/api/auth/"))
          return { status: res.status, location: location.toString() };
        target = location;
      }
    }
    const res = await op.get(next.toString());
    if (res.status >= 300 && res.status < 400) {
      next = new URL(res.headers.get("location")!, next);
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action)
      throw new Error(`provider answered ${res.status}: ${html.slice(0, 300)}`);
    const form: Record<string, string> = html.includes('name="login"')
      ? { prompt: "login", login, password: "any" }
      : { prompt: "consent" };
    const posted = await op.request(new URL(action.replace(/&amp;/g, "&"), next).toString(), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
    });
    next = new URL(posted.headers.get("location") ?? "", next);
  }
  throw new Error("too many redirects");
}

/** The signed-in user's id from next-auth's session endpoint, or null when signed out. */
export async function sessionUserId(app: SignInClient): Promise<string | null> {
  const res = await app.get("/api/auth/session");
  const body = (await res.json()) as { user?: { id?: string } };
  return body.user?.id ?? null;
}
