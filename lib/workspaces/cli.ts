import type { Db } from "../platform/db";
import { can, type Action, type Role } from "./permissions";
import { resolveWorkspace } from "./store";

/**
 * The workspace a CLI command acts in for a person (`--email`): `--workspace <id>` when given,
 * else their own. The person must be a member and their role must allow the action, exactly as in
 * the dashboard; the error says which.
 */
export async function memberFor(
  db: Db,
  user: { id: string; email: string; accountId: string },
  workspace: string | true | undefined,
  action: Action,
): Promise<{ accountId: string; role: Role }> {
  const requested = typeof workspace === "string" ? workspace : null;
  const active = await resolveWorkspace(db, user, requested);
  if (!active) throw new Error(`${user.email} is not a member of workspace ${requested ?? "(their own)"}`);
  const verdict = can(active.role, action);
  if (!verdict.ok) throw new Error(`${user.email}: ${verdict.message}`);
  return active;
}
