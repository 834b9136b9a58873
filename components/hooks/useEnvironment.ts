"use client";

import { usePathname, useSearchParams } from "next/navigation";

export type DashboardEnvironment = "test" | "live";

/** The test/live switch of the dashboard frame, kept in the URL as ?env= (test when absent). */
export function useEnvironment(): DashboardEnvironment {
  return useSearchParams().get("env") === "live" ? "live" : "test";
}

/** The workspace the URL names (`?w=`), or null for the user's own. */
export function useWorkspaceId(): string | null {
  return useSearchParams().get("w");
}

/** `href` with the workspace the URL names, so every link stays in it. */
export function hrefInWorkspace(href: string, workspace: string | null): string {
  if (!workspace) return href;
  const [path, hash] = href.split("#");
  const joined = `${path}${path.includes("?") ? "&" : "?"}w=${encodeURIComponent(workspace)}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}

/** `href` with the current environment, so navigation keeps the switch where the user set it. */
export function hrefWithEnv(
  href: string,
  env: DashboardEnvironment,
  workspace: string | null = null,
): string {
  const inWorkspace = hrefInWorkspace(href, workspace);
  if (env === "test") return inWorkspace;
  return `${inWorkspace}${inWorkspace.includes("?") ? "&" : "?"}env=live`;
}

/** A link builder for dashboard pages: the environment and the workspace of the current URL. */
export function useDashboardHref(): (href: string) => string {
  const env = useEnvironment();
  const workspace = useWorkspaceId();
  return (href) => hrefWithEnv(href, env, workspace);
}

/** The current page's URL with the environment switched (other query parameters are kept). */
export function useSwitchHref(): (env: DashboardEnvironment) => string {
  const pathname = usePathname();
  const params = useSearchParams();
  return (env) => {
    const next = new URLSearchParams(params.toString());
    if (env === "live") next.set("env", "live");
    else next.delete("env");
    // A key chosen in one environment does not exist in the other.
    next.delete("keyId");
    next.delete("key");
    return next.size ? `${pathname}?${next}` : pathname;
  };
}
