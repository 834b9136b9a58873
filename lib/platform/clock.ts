/**
 * The wall clock of the /v1 hot path: `Date.now` as this module found it. Next's server, once
 * loaded (server.ts prepares it after importing lib/), replaces the global `Date.now` with a
 * wrapper that consults its async-local render state on every call (next/dist/server/
 * node-environment-extensions/date.js); a cache hit reads the clock several times, and the
 * wrapper was ~1% of the hit's profile. Same value, without the wrapper.
 */
export const now: () => number = Date.now;
