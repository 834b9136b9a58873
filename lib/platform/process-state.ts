/**
 * The one rule for process state: anything that must exist once per process (the database
 * client, the Redis connection, the usage meter, the key and response caches, the metrics
 * registry, the logger, in-process event listeners) is created through `perProcess`.
 *
 * Why: one process loads `lib/` twice. tsx loads `server.ts` and the lean /v1 path, and Next
 * bundles its own copy for route handlers and pages. Module-level `const x = new Map()` would
 * give each copy its own cache, so a revoke in the dashboard (Next's copy) would miss the key
 * cache of /v1 (tsx's copy). Next's dev server also re-evaluates modules on every edit.
 * Keeping the value on `globalThis` under a fixed, namespaced symbol makes both copies, and
 * every reload, share one instance.
 */
export function perProcess<T>(name: string, init: () => T): T {
  const slot = Symbol.for(`statline.${name}`);
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  let value = store[slot];
  if (value === undefined) {
    value = init();
    store[slot] = value;
  }
  return value;
}
