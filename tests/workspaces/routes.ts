import fs from "node:fs";
import path from "node:path";
import { ACTIONS, type Action } from "../../lib/workspaces/permissions";
import { ROOT } from "../support/app";

/** One method of one dashboard route file, with the action its dashboardRoute declares. */
export interface RouteCase {
  file: string;
  /** The URL path with `[segment]` placeholders, e.g. /api/dashboard/keys/[id]/revoke. */
  pattern: string;
  method: string;
  action: Action;
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : e.name === "route.ts" ? [p] : [];
  });
}

/** The action named in a dashboardRoute call (KEY_MANAGE is keys.manage on one key). */
function actionOf(source: string): Action | null {
  if (/KEY_MANAGE/.test(source)) return "keys.manage";
  const named = /dashboardRoute\(\s*(?:"([\w.]+)"|\{\s*action:\s*"([\w.]+)")/.exec(source);
  const action = named?.[1] ?? named?.[2];
  return action && (ACTIONS as readonly string[]).includes(action) ? (action as Action) : null;
}

/**
 * Every session route under app/api/dashboard (and the invitation acceptance), from the files
 * themselves: a new route joins the walk without editing the test. A route whose action cannot
 * be read is returned with action null so the test fails naming it.
 */
export function dashboardRoutes(): (Omit<RouteCase, "action"> & { action: Action | null })[] {
  const files = [
    ...walk(path.join(ROOT, "app/api/dashboard")),
    path.join(ROOT, "app/api/invitations/accept/route.ts"),
  ];
  return files.flatMap((file) => {
    const rel = path.relative(ROOT, file);
    const source = fs.readFileSync(file, "utf8");
    const pattern = `/${path.dirname(rel).replace(/^app\//, "")}`;
    const methods = [...source.matchAll(/export const (GET|POST|PATCH|PUT|DELETE)\b/g)].map((m) => m[1]);
    // Per statement: a file with two methods names two actions in order.
    const bodies = source.split(/export const (?:GET|POST|PATCH|PUT|DELETE)\b/).slice(1);
    return methods.map((method, i) => ({
      file: rel,
      pattern,
      method,
      action: actionOf(bodies[i]) ?? (methods.length === 1 ? actionOf(source) : null),
    }));
  });
}
