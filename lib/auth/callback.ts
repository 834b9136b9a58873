/** Only a same-site path may be a post-sign-in destination (no open redirect via ?callbackUrl=). */
export function safeCallbackPath(value: string | string[] | undefined): string {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v || !v.startsWith("/") || v.startsWith("//") || v.startsWith("/\\") || v.length > 512)
    return "/dashboard";
  return v;
}
