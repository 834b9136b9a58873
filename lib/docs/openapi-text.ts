import { MAX_WINDOW_DAYS } from "../api/endpoints/contests";
import { ODDS_LIMIT_DEFAULT, ODDS_LIMIT_MAX } from "../api/endpoints/odds";
import { DEFAULT_UNIT_COSTS as COST } from "../plans/unit-groups";
import { MAX_SCAN } from "../api/odds-paging";

/** The prose part of the OpenAPI document: rules the schemas cannot say. Kept in step with docs/api.md. */
export const API_DESCRIPTION = `
Read-only sports statistics over JSON: competitions, editions (seasons), contests, persons, teams, rosters,
standings, odds history and an analysis stat-board.

## Authentication
Send the key as \`X-API-Key: <key>\` or \`Authorization: Bearer <key>\`. Keys look like \`sk_live_…\` or \`sk_test_…\`
plus 32 base62 characters; live and test keys behave identically.

| Case | Status | error.code | message |
|---|---|---|---|
| no key, raw key in Authorization, another scheme, malformed key | 401 | UNAUTHORIZED | API key required |
| both headers present with different keys | 401 | UNAUTHORIZED | API key required |
| well-formed key that is unknown or revoked | 401 | UNAUTHORIZED | Invalid API key |
| key store unreachable | 503 | AUTH_BACKEND_UNAVAILABLE | (text varies), with Retry-After |

Both headers may be sent when they carry the same key. Revocation takes effect within 1 second. Authentication
runs before routing, so an unknown path without a key is a 401. \`GET /v1/openapi.json\` is public (no key).

## Responses
Success: \`{data, meta: {request_id, fetched_at, cache, version: "v1"}}\`; \`meta.cache\` is \`HIT\` when served from the
short-lived response cache (about 30 s, cleared when data is imported or seeded) and \`MISS\` otherwise. Errors:
\`{error: {code, message}}\`. Every response carries \`X-Request-Id\`, equal to \`meta.request_id\`. Records have string
ids and reference each other by \`*_id\` fields. HEAD works like GET without a body.

## Errors
| Status | error.code | When |
|---|---|---|
| 400 | INVALID_PARAMETER | unknown or repeated parameter, bad number/date/enum value, missing scope, bad cursor; the message names the parameter |
| 401 | UNAUTHORIZED | see Authentication |
| 404 | NOT_FOUND | unknown path, unknown id in the path, or a filter naming an unknown record |
| 405 | METHOD_NOT_ALLOWED | any method but GET and HEAD (Allow: GET, HEAD) |
| 410 | CURSOR_EXPIRED | a /v1/changes cursor older than the change feed's retention; start again without cursor |
| 429 | RATE_LIMITED / QUOTA_EXCEEDED | per-key rate limit or quota (Retry-After) |
| 503 | AUTH_BACKEND_UNAVAILABLE / SERVICE_UNAVAILABLE | key store or database unreachable (Retry-After) |

## Limits and paging
- /v1/persons and /v1/teams: \`limit\` default 50, values above 200 clamped to 200 silently; \`offset\` default 0, no
  maximum; ordered by id, so \`offset += limit until offset + items.length >= total\` visits every row once.
- Editions, contests, rosters and standings return the full set for their scope. Contests need a scope (edition,
  competition, team, person, date, or from+to of at most ${MAX_WINDOW_DAYS} days); rosters need edition, team or person;
  standings need edition or competition (its current edition).
- Odds history: \`limit\` default ${ODDS_LIMIT_DEFAULT}, clamped to ${ODDS_LIMIT_MAX}; ${COST.odds} units per call on the built-in plans.
- Stat-board: \`limit\` default 20, clamped to 100, no offset.

## Odds history cursor and interval
Points come newest first by \`(observed_at desc, id desc)\`. \`data.truncated\` says more points exist;
\`data.next_cursor\` (string or null) resumes exactly after the last item, even when many points share one
\`observed_at\`. Cursors are opaque and signed, bound to the contest/person and to the filters (bookmaker, market,
selection, interval, before, after); any other use is 400 INVALID_PARAMETER. \`data.next_before\` (ISO string or null)
is the \`observed_at\` of the last item, for continuing a time window with \`before=\`: before is exclusive, so points
sharing that instant which did not fit the page are reached only through the cursor. \`interval\` (raw, 1m, 5m,
15m, 1h, 1d) keeps the last point per (bookmaker, market, selection, line) in each UTC bucket; such a page examines
at most ${MAX_SCAN} points and may hold fewer than \`limit\` items, so follow \`next_cursor\` until it is null.

## At a glance
| Part | Design |
|---|---|
| meta.cache values | HIT, MISS |
| Competition, edition, contest, person, team, roster, standing fields | see the schemas below; ids are strings |
| Competitions endpoint | GET /v1/competitions?sport=, returned whole; GET /v1/competitions/{id} |
| Single-record endpoints | /v1/{competitions,editions,contests,persons,teams}/{id} |
| Names for ids | a competition by slug or league code (world-cup, en.1), an edition by competition and season (world-cup-2022, en.1-2024-25), a team by slug (argentina): in paths and in competition, edition, team, opponent; an unknown name is 404 |
| List filters | edition, competition, team (ids or names), person (id), date, from, to (YYYY-MM-DD, UTC), status, group, current |
| Time zones | kick-off times are UTC; timezone=<IANA zone> writes them with that zone's offset on contests, contest, person and team stats, head-to-head |
| Unbounded scopes | contests/rosters/standings without a scope are 400 naming the parameter |
| Odds interval values | raw, 1m, 5m, 15m, 1h, 1d |
| Odds cursor / before format | signed opaque string / ISO-8601 date-time |
| Odds filters | bookmaker, market, selection, after |
| Odds limit | default ${ODDS_LIMIT_DEFAULT}, max ${ODDS_LIMIT_MAX} |
| Unit cost | by endpoint group and plan (x-unit-group; X-Units-Cost reports it); built-in plans: odds ${COST.odds} (odds history, a change-feed page holding an odds change), reference ${COST.reference}, contests ${COST.contests}, analysis ${COST.analysis}, feed ${COST.feed}; errors cost 0 |
| Odds fields | id, contest_id, person_id, bookmaker, market, selection, line, price, observed_at, is_closing |
| Stat-board | competition or edition, stat, limit (default 20, max 100); rows rank, person_id, person_name, team_id, team_name, value, contests |
| Other errors | 400 INVALID_PARAMETER, 404 NOT_FOUND, 405 METHOD_NOT_ALLOWED, 429, 503 SERVICE_UNAVAILABLE |
`.trim();
