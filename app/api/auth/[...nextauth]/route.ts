import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";
import { refusalResponse } from "@/lib/auth/refusal";

const handler = NextAuth(authOptions);

type Context = { params: Promise<{ nextauth: string[] }> };

/** next-auth, with a throttled or saturated credentials sign-in answered 429 / 503 (lib/auth/refusal.ts). */
async function post(request: Request, context: Context): Promise<Response> {
  return refusalResponse((await handler(request, context)) as Response);
}

export { handler as GET, post as POST };
