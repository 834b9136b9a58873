import { NextResponse, type NextRequest } from "next/server";

/**
 * Tells the dashboard layout which page was asked for, so a signed-out visitor is sent to sign-in
 * and then back to that exact page (layouts cannot see the path), and which workspace the URL
 * names (`?w=`; lib/workspaces/member.ts checks the membership, whatever the header says).
 */
export async function proxy(request: NextRequest) {
  // The operator console for anyone but an operator (signed out included): the unmatched address's
  // own 404, byte for byte. A notFound() in a page (app/operator) answers the same status and title
  // but an empty body shell filled from the payload (next.js#62228), which told the console apart
  // from an unknown address. The gate is loaded for console paths only (it reads the database).
  if (isConsole(request.nextUrl.pathname) && !(hasSession(request) && (await operatorAsks(request))))
    return NextResponse.rewrite(new URL("/_no-such-page", request.url));
  const headers = new Headers(request.headers);
  headers.set("x-statline-path", request.nextUrl.pathname + request.nextUrl.search);
  const workspace = request.nextUrl.searchParams.get("w");
  // The dashboard's API calls send the header themselves; a URL's ?w= (an export link) wins.
  if (workspace) headers.set("x-statline-workspace", workspace);
  return NextResponse.next({ request: { headers } });
}

const operatorAsks = async (request: NextRequest) =>
  (await import("./lib/operator/gate")).consoleVisitorIsOperator(request);
const isConsole = (path: string) => path === "/operator" || path.startsWith("/operator/");
/** next-auth's session cookie (also split into `.0`, `.1` … when large; `__Secure-` over https). */
const hasSession = (request: NextRequest) =>
  request.cookies.getAll().some((c) => /^(__Secure-)?next-auth\.session-token(\.\d+)?$/.test(c.name));

export const config = {
  matcher: ["/dashboard", "/dashboard/:path*", "/api/dashboard/:path*", "/operator", "/operator/:path*"],
};
