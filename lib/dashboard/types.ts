// What the dashboard's JSON routes answer, shared by the route handlers and the client hooks.
// Dates travel as ISO strings. No type here may ever carry a full API key except CreatedKey.
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
  keys: { active: number; revoked: number; live: number; test: number };
  /** Prefix of the newest active key (test preferred) for the quick-start example. */
  quickStartPrefix: string | null;
}
