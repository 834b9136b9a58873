// Limits the dashboard's forms show and the routes' schemas enforce; no zod here, so a client
// component importing one does not load zod (whose eval probe also trips the pages' CSP).

/** A workspace name's longest length. */
export const WORKSPACE_NAME_MAX = 100;
