import { NextResponse, type NextRequest } from "next/server";

/**
 * Tells the dashboard layout which page was asked for, so a signed-out visitor is sent to sign-in
 * and then back to that exact page (layouts cannot see the path). Any incoming value is replaced.
 */
export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set("x-statline-path", request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.next({ request: { headers } });
}

export const config = { matcher: ["/dashboard", "/dashboard/:path*"] };
