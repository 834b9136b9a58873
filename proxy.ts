import { NextResponse, type NextRequest } from "next/server";

/**
 * Tells the dashboard layout which page was asked for, so a signed-out visitor is sent to sign-in
 * and then back to that exact page (layouts cannot see the path), and which workspace the URL
 * names (`?w=`; lib/workspaces/member.ts checks the membership, whatever the header says).
 */
export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set("x-statline-path", request.nextUrl.pathname + request.nextUrl.search);
  const workspace = request.nextUrl.searchParams.get("w");
  // The dashboard's API calls send the header themselves; a URL's ?w= (an export link) wins.
  if (workspace) headers.set("x-statline-workspace", workspace);
  return NextResponse.next({ request: { headers } });
}

export const config = { matcher: ["/dashboard", "/dashboard/:path*", "/api/dashboard/:path*"] };
