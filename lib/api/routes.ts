import { teamRoutes } from "./endpoints/teams";
import type { RouteDef } from "./types";

/** Every /v1 route. Order matters only where two patterns could match the same path. */
export const routes: RouteDef[] = [...teamRoutes];
