import { changeRoutes } from "./endpoints/changes";
import { competitionRoutes } from "./endpoints/competitions";
import { contestRoutes } from "./endpoints/contests";
import { openApiRoute } from "./endpoints/docs";
import { oddsRoutes } from "./endpoints/odds";
import { personRoutes } from "./endpoints/persons";
import { rosterRoutes } from "./endpoints/rosters";
import { standingRoutes } from "./endpoints/standings";
import { statBoardRoutes } from "./endpoints/statboard";
import { streamRoutes } from "./endpoints/stream";
import { teamRoutes } from "./endpoints/teams";
import type { RouteDef } from "./types";

/** Every /v1 route. Order matters only where two patterns could match the same path. */
export const routes: RouteDef[] = [
  ...competitionRoutes,
  ...contestRoutes,
  ...personRoutes,
  ...teamRoutes,
  ...rosterRoutes,
  ...standingRoutes,
  ...oddsRoutes,
  ...statBoardRoutes,
  ...changeRoutes,
  ...streamRoutes,
  openApiRoute(() => routes),
];
