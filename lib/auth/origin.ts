import { envStrOpt } from "../platform/config";

/**
 * Where people reach this instance, for commands they copy: NEXTAUTH_URL when set (the configured
 * public URL behind a proxy), else the host the reader used with X-Forwarded-Proto's scheme.
 */
export function instanceBaseUrl(
  header: (name: string) => string | null | undefined,
  configured = envStrOpt("NEXTAUTH_URL"),
): string {
  const fixed = configured?.trim().replace(/\/+$/, "");
  if (fixed) return fixed;
  const host = header("x-forwarded-host")?.split(",")[0].trim() || header("host") || "localhost:3000";
  const proto = header("x-forwarded-proto")?.split(",")[0].trim() || "http";
  return `${proto === "https" ? "https" : "http"}://${host}`;
}
