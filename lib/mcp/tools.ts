/** The MCP tools: one per read endpoint, named for what an analyst asks. Inputs come from the OpenAPI document. */
export interface ToolDef {
  name: string;
  title: string;
  path: string;
  /** Prepended to the endpoint's own summary and description. */
  hint?: string;
  /** Extra words for a parameter, e.g. what the path id names. */
  describe?: Record<string, string>;
}

export const TOOLS: ToolDef[] = [
  {
    name: "list_competitions",
    title: "List competitions",
    path: "/v1/competitions",
    hint: "Start here: leagues and tournaments with their current_edition_id.",
  },
  {
    name: "get_competition",
    title: "Get a competition",
    path: "/v1/competitions/{id}",
    describe: { id: "Competition id" },
  },
  { name: "list_editions", title: "List editions (seasons)", path: "/v1/editions" },
  { name: "get_edition", title: "Get an edition", path: "/v1/editions/{id}", describe: { id: "Edition id" } },
  {
    name: "list_contests",
    title: "List contests (fixtures and results)",
    path: "/v1/contests",
    hint: "Give one scope: edition, competition, team, person, date, or from+to.",
  },
  { name: "get_contest", title: "Get a contest", path: "/v1/contests/{id}", describe: { id: "Contest id" } },
  {
    name: "contest_events",
    title: "Match events of a contest",
    path: "/v1/contests/{id}/events",
    hint: "Goals (penalty, own goal), cards, substitutions, tennis sets, in match order.",
    describe: { id: "Contest id" },
  },
  {
    name: "contest_lineups",
    title: "Lineups of a contest",
    path: "/v1/contests/{id}/lineups",
    describe: { id: "Contest id" },
  },
  {
    name: "contest_statistics",
    title: "Match statistics of a contest",
    path: "/v1/contests/{id}/statistics",
    hint: "Team stats (shots, corners, fouls, cards), the referee and the player box score.",
    describe: { id: "Contest id" },
  },
  {
    name: "search_persons",
    title: "Search persons",
    path: "/v1/persons",
    hint: "Find players by name; paged by limit/offset.",
  },
  { name: "get_person", title: "Get a person", path: "/v1/persons/{id}", describe: { id: "Person id" } },
  {
    name: "person_season_stats",
    title: "A person's season statistics",
    path: "/v1/persons/{id}/stats",
    hint: "Totals per edition (default: the latest) and the matches they add up from.",
    describe: { id: "Person id" },
  },
  { name: "list_teams", title: "List teams", path: "/v1/teams", hint: "Paged by limit/offset." },
  { name: "get_team", title: "Get a team", path: "/v1/teams/{id}", describe: { id: "Team id" } },
  {
    name: "team_season_stats",
    title: "A team's season statistics",
    path: "/v1/teams/{id}/stats",
    hint: "Record, goals and team match statistics per edition (default: the latest), with the matches.",
    describe: { id: "Team id" },
  },
  {
    name: "head_to_head",
    title: "Head-to-head of two teams",
    path: "/v1/teams/{id}/head-to-head",
    describe: { id: "Team id" },
  },
  {
    name: "team_record",
    title: "A team's all-time record",
    path: "/v1/teams/{id}/record",
    hint: "Played, won, drawn, lost and goals for all time or a from/to window, per competition and per name the team played under.",
    describe: { id: "Team id" },
  },
  { name: "get_rosters", title: "Rosters (squads)", path: "/v1/rosters" },
  { name: "get_standings", title: "Standings (league table)", path: "/v1/standings" },
  {
    name: "contest_odds_history",
    title: "Odds history of a contest",
    path: "/v1/contests/{id}/odds/history",
    hint: "Costs the odds price per call (5 units on the built-in plans). Page with cursor = next_cursor of the previous result.",
    describe: { id: "Contest id" },
  },
  {
    name: "person_odds_history",
    title: "Odds history of a person",
    path: "/v1/persons/{id}/odds/history",
    hint: "Costs the odds price per call (5 units on the built-in plans). Page with cursor = next_cursor of the previous result.",
    describe: { id: "Person id (individual sports, e.g. a tennis player)" },
  },
  {
    name: "contest_odds_markets",
    title: "Odds markets of a contest: margins, no-vig probabilities, consensus, best price",
    path: "/v1/contests/{id}/odds/markets",
    hint: "Costs the odds price per call (5 units on the built-in plans). Per market and bookmaker: early and closing prices, margin, no-vig probabilities (multiplicative, power, Shin), the early-to-closing move; per market the consensus and the best price.",
    describe: { id: "Contest id" },
  },
  {
    name: "closing_line_value",
    title: "Closing-line value of a price",
    path: "/v1/contests/{id}/odds/clv",
    hint: "Costs the odds price per call (5 units on the built-in plans). Did a price beat the close? CLV = odds × p_close − 1 against Pinnacle's closing line, or the consensus where Pinnacle has none.",
    describe: { id: "Contest id" },
  },
  {
    name: "edition_bookmakers",
    title: "Which bookmaker was sharpest in a season",
    path: "/v1/editions/{id}/odds/bookmakers",
    hint: "Costs the odds price per call (5 units on the built-in plans). Per bookmaker: mean margin, Brier score and log loss of its closing no-vig probabilities over the edition's finished contests.",
    describe: { id: "Edition id" },
  },
  { name: "stat_board", title: "Stat-board (top scorers etc.)", path: "/v1/analysis/stat-board" },
  {
    name: "team_ratings",
    title: "A team's Elo rating history",
    path: "/v1/teams/{id}/ratings",
    hint: "National teams' World Football Elo rating before and after each match, in date order.",
    describe: { id: "Team id" },
  },
  {
    name: "ratings_ranking",
    title: "Elo ranking at a date",
    path: "/v1/ratings",
    hint: "National teams ranked by their Elo rating on a day (default today).",
  },
  {
    name: "contest_ratings",
    title: "Pre-match Elo ratings of a contest",
    path: "/v1/contests/{id}/ratings",
    hint: "Both sides' ratings before the match and the expected result.",
    describe: { id: "Contest id" },
  },
  {
    name: "list_sources",
    title: "Data sources",
    path: "/v1/sources",
    hint: "Where the data comes from: licence, coverage and which source wins where they disagree.",
  },
  {
    name: "list_changes",
    title: "Change feed (what changed since a cursor)",
    path: "/v1/changes",
    hint: "Changes to contests (scores, match events, lineups, statistics), odds, standings, teams and persons in commit order. Pass next_cursor as cursor to get the next page; while has_more is true more changes are waiting, when it is false you are up to date (keep next_cursor to ask for newer changes later).",
  },
];
