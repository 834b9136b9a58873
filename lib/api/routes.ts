import { changeRoutes } from "./endpoints/changes";
import { competitionRoutes } from "./endpoints/competitions";
import { contestRoutes } from "./endpoints/contests";
import { matchCentreRoutes } from "./endpoints/match-centre";
import { openApiRoute } from "./endpoints/docs";
import { oddsRoutes } from "./endpoints/odds";
import { oddsAnalyticsRoutes } from "./endpoints/odds-analytics";
import { personRoutes } from "./endpoints/persons";
import { ratingRoutes } from "./endpoints/ratings";
import { rosterRoutes } from "./endpoints/rosters";
import { seasonStatsRoutes } from "./endpoints/season-stats";
import { standingRoutes } from "./endpoints/standings";
import { statBoardRoutes } from "./endpoints/statboard";
import { streamRoutes } from "./endpoints/stream";
import { teamRoutes } from "./endpoints/teams";
import { teamRecordRoutes } from "./endpoints/team-record";
import type { RouteDef } from "./types";

/** Every /v1 route. Order matters only where two patterns could match the same path. */
export const routes: RouteDef[] = [
  ...competitionRoutes,
  ...contestRoutes,
  ...matchCentreRoutes,
  ...personRoutes,
  ...teamRoutes,
  ...seasonStatsRoutes,
  ...teamRecordRoutes,
  ...rosterRoutes,
  ...standingRoutes,
  ...oddsRoutes,
  ...oddsAnalyticsRoutes,
  ...statBoardRoutes,
  ...ratingRoutes,
  ...changeRoutes,
  ...streamRoutes,
  openApiRoute(() => routes),
];
