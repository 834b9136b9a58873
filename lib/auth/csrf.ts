import { createHmac } from "node:crypto";
import { digestsEqual } from "../keys/format";
import { envStrOpt } from "../platform/config";

function secret(): string {
  const s = envStrOpt("NEXTAUTH_SECRET");
  if (!s) throw new Error("NEXTAUTH_SECRET is not set");
  return s;
}

/** HMAC-SHA256 of `purpose:value` under the server's secret: only this server can mint it. */
export function serverMac(purpose: string, value: string): string {
  return createHmac("sha256", secret()).update(`${purpose}:${value}`).digest("hex");
}

/** Stateless per-user CSRF token: only this server can mint it, and it is useless for another user. */
export function csrfTokenFor(userId: string): string {
  return serverMac("csrf", userId);
}

/**
 * Why a browser request must be refused as cross-site, or null. Browsers send Sec-Fetch-Site and
 * Origin on every POST; a request with neither is not from a browser and so cannot be forged by one.
 */
export function crossSiteProblem(request: Request): string | null {
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin") return "Cross-site request refused";
  const origin = request.headers.get("origin");
  if (origin === "null") return "Opaque origin refused";
  if (origin) {
    const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      return "Malformed Origin header";
    }
    if (!host || originHost !== host) return "Cross-origin request refused";
  }
  return null;
}

/**
 * Why a state-changing request must be refused, or null when it may proceed. Two independent
 * checks: the browser's own provenance headers (Sec-Fetch-Site / Origin) must say same-origin,
 * and the request must echo the user's CSRF token (header x-csrf-token).
 */
export function csrfProblem(
  request: Request,
  userId: string,
  submittedToken: string | null | undefined,
): string | null {
  const crossSite = crossSiteProblem(request);
  if (crossSite) return crossSite;
  if (!submittedToken || !digestsEqual(submittedToken, csrfTokenFor(userId)))
    return "Missing or invalid CSRF token";
  return null;
}
