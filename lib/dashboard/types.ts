// What the dashboard's JSON routes answer, shared by the route handlers and the client hooks.
// Dates travel as ISO strings. No type here may ever carry a full API key except CreatedKey.
export type { SessionView } from "../auth/sessions";
export type { MonthUsage, UsagePoint, UsageRange, UsageReport, UsageRow } from "../usage/report";

export interface PersonRef {
  email: string;
  name: string | null;
}

export interface KeyView {
  id: string;
  name: string;
  environment: "live" | "test";
  /** The 16-character display prefix, e.g. sk_test_AbCdEfGh. */
  prefix: string;
  source: string;
  createdAt: string;
  createdBy: PersonRef | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  revokedBy: PersonRef | null;
  expiresAt: string | null;
  disabledAt: string | null;
  /** Granted scopes (lib/keys/scopes.ts); every scope when unrestricted. */
  scopes: string[];
  restricted: boolean;
  allowedIps: string[];
  rateLimit: number | null;
  unitCap: number | null;
  note: string | null;
  /** Prefixes of the key this one replaced by a roll, and of the key that replaced it. */
  rolledFrom: string | null;
  rolledTo: string | null;
}

/** The create answer: the only place the full key ever appears. */
export interface CreatedKey {
  key: KeyView;
  secret: string;
}

export interface AuditView {
  id: string;
  action: string;
  targetType: string;
  targetId: string;
  detail: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
  actor: PersonRef | null;
}

export interface AuditPage {
  items: AuditView[];
  nextCursor: string | null;
}

export interface OverviewView {
  month: import("../usage/report").MonthUsage;
  keys: { active: number; disabled: number; revoked: number; live: number; test: number };
  /** The environment of the dashboard's test/live switch this overview was built for. */
  environment: "live" | "test";
  /** Where this instance is reached (NEXTAUTH_URL, else the request's origin): the quick start's curl. */
  baseUrl: string;
  /** Prefix of the newest active key of that environment, for the quick start. */
  quickStartPrefix: string | null;
  /** The account's newest logged request in that environment (the quick start shows it). */
  lastRequest: {
    requestId: string;
    at: string;
    status: number;
    method: string;
    endpoint: string;
    path: string;
  } | null;
}
