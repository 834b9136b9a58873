// The dashboard's read queries: each one's cache key and the URL it fetches, in one place for the
// client hooks (components/hooks) and the pages that render with the answers (components/Prefetched).
// No "use client": a server page imports these values, which a client module would hand it as
// references.
import type { AuditCategory } from "@/lib/audit/labels";
import type { UsageRange } from "@/lib/usage/report";

export interface Query {
  key: readonly unknown[];
  url: string;
}

export interface UsageFilters {
  range: UsageRange;
  keyId: string;
  environment: "" | "live" | "test";
}

/** The Logs page's filters; empty strings mean "any". Times are ISO strings. */
export interface LogFilters {
  env: "test" | "live";
  keyPrefix: string;
  status: string;
  endpoint: string;
  requestId: string;
  from: string;
  to: string;
}

/** The Logs page's preset time ranges ("" is everything retained). */
export const LOG_RANGES = [
  { value: "1h", label: "Last hour", ms: 3_600_000 },
  { value: "24h", label: "Last 24 hours", ms: 86_400_000 },
  { value: "7d", label: "Last 7 days", ms: 7 * 86_400_000 },
  { value: "", label: "All retained", ms: 0 },
] as const;

/** A preset range as a from-time, fixed when chosen so the query (and its cache key) stays put. */
export function logRangeFrom(range: string, now: number): string {
  const r = LOG_RANGES.find((x) => x.value === range);
  return r && r.ms ? new Date(now - r.ms).toISOString() : "";
}

/** The filters as the query string of /api/dashboard/logs (and its CSV export). */
export function logParams(f: LogFilters): URLSearchParams {
  const p = new URLSearchParams({ environment: f.env });
  if (f.requestId) {
    // An exact request id search ignores the other filters, like Stripe's: the id is unique.
    p.set("requestId", f.requestId);
    p.delete("environment");
    return p;
  }
  if (f.keyPrefix) p.set("keyPrefix", f.keyPrefix);
  if (f.status) p.set("status", f.status);
  if (f.endpoint) p.set("endpoint", f.endpoint);
  if (f.from) p.set("from", f.from);
  if (f.to) p.set("to", f.to);
  return p;
}

/** A key page's last requests: the key's own, whatever their time (all retained), newest first. */
export const KEY_LOG_ROWS = 20;
export const keyLogFilters = (key: { environment: "live" | "test"; prefix: string }): LogFilters => ({
  env: key.environment,
  keyPrefix: key.prefix,
  status: "",
  endpoint: "",
  requestId: "",
  from: "",
  to: "",
});

export const queries = {
  overview: (env: "live" | "test"): Query => ({
    key: ["overview", env],
    url: `/api/dashboard/overview?env=${env}`,
  }),
  keys: (): Query => ({ key: ["keys"], url: "/api/dashboard/keys" }),
  /** One key, for its own page; under "keys" so every key mutation refreshes it too. */
  key: (id: string): Query => ({ key: ["keys", id], url: `/api/dashboard/keys/${encodeURIComponent(id)}` }),
  members: (): Query => ({ key: ["members"], url: "/api/dashboard/members" }),
  alerts: (): Query => ({ key: ["alerts"], url: "/api/dashboard/alerts" }),
  alertSettings: (): Query => ({ key: ["alert-settings"], url: "/api/dashboard/alerts/settings" }),
  webhooks: (): Query => ({ key: ["webhooks"], url: "/api/dashboard/webhooks" }),
  sessions: (): Query => ({ key: ["sessions"], url: "/api/dashboard/sessions" }),
  twoFactor: (): Query => ({ key: ["two-factor"], url: "/api/dashboard/2fa" }),
  passkeys: (): Query => ({ key: ["passkeys"], url: "/api/dashboard/passkeys" }),
  signIns: (): Query => ({ key: ["sign-ins"], url: "/api/dashboard/sign-ins" }),
  connectedApps: (): Query => ({ key: ["connected-apps"], url: "/api/dashboard/connected-apps" }),
  usage: (filters: UsageFilters): Query => {
    const params = new URLSearchParams({ range: filters.range });
    if (filters.keyId) params.set("keyId", filters.keyId);
    if (filters.environment) params.set("environment", filters.environment);
    return { key: ["usage", filters], url: `/api/dashboard/usage?${params}` };
  },
  /** An infinite query: `url` is its first page; later pages add `&cursor=`. */
  logs: (filters: LogFilters, limit: number): Query => {
    const params = logParams(filters);
    params.set("limit", String(limit));
    return { key: ["logs", filters, limit], url: `/api/dashboard/logs?${params}` };
  },
  /** An infinite query, like logs. */
  audit: (category: AuditCategory | "", limit: number): Query => ({
    key: ["audit", limit, category],
    url: `/api/dashboard/audit?limit=${limit}${category ? `&category=${category}` : ""}`,
  }),
};

/** The URL of an infinite query's page after `cursor` ("" for the first). */
export const pageUrl = (url: string, cursor: string) =>
  cursor ? `${url}&cursor=${encodeURIComponent(cursor)}` : url;
