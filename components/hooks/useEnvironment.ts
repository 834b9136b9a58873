"use client";

import { usePathname, useSearchParams } from "next/navigation";

export type DashboardEnvironment = "test" | "live";

/** The test/live switch of the dashboard frame, kept in the URL as ?env= (test when absent). */
export function useEnvironment(): DashboardEnvironment {
  return useSearchParams().get("env") === "live" ? "live" : "test";
}

/** `href` with the current environment, so navigation keeps the switch where the user set it. */
export function hrefWithEnv(href: string, env: DashboardEnvironment): string {
  if (env === "test") return href;
  return `${href}${href.includes("?") ? "&" : "?"}env=live`;
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
