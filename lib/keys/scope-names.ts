// Client-safe (no node: imports): the dashboard's forms list these.
/**
 * Resource scopes a key may be restricted to, one per group of /v1 routes (each route names its
 * scope in lib/api/endpoints/*). A key with no restriction (scopes = null) may call every route.
 */
export const SCOPES = ["competitions", "contests", "persons", "teams", "odds", "analysis", "events"] as const;
export type Scope = (typeof SCOPES)[number];

export const SCOPE_LABELS: Record<Scope, string> = {
  competitions: "Competitions and editions",
  contests: "Contests",
  persons: "Persons",
  teams: "Teams, rosters and standings",
  odds: "Odds",
  analysis: "Analysis (stat boards)",
  events: "Events (change feed)",
};

export function isScope(s: string): s is Scope {
  return (SCOPES as readonly string[]).includes(s);
}
