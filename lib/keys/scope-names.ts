// Client-safe (no node: imports): the dashboard's forms list these.
/**
 * Resource scopes a key may be restricted to, one per group of /v1 routes (each route names its
 * scope in lib/api/endpoints/*). A key with no restriction (scopes = null) may call every route.
 */
export const SCOPES = [
  "competitions",
  "contests",
  "persons",
  "teams",
  "odds",
  "analysis",
  "events",
  "ingest",
] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * The write scope (/ingest/v1): never implied. An unrestricted key (scopes = null) has every
 * read scope and not this one; only operator accounts may mint a key that names it.
 */
export const INGEST_SCOPE = "ingest" satisfies Scope;
/** The scopes an unrestricted key holds. */
export const READ_SCOPES = SCOPES.filter((s) => s !== INGEST_SCOPE);

export const SCOPE_LABELS: Record<Scope, string> = {
  competitions: "Competitions and editions",
  contests: "Contests",
  persons: "Persons",
  teams: "Teams, rosters and standings",
  odds: "Odds",
  analysis: "Analysis (stat boards)",
  events: "Events (change feed)",
  ingest: "Ingest (write live data; operators only)",
};

export function isScope(s: string): s is Scope {
  return (SCOPES as readonly string[]).includes(s);
}
