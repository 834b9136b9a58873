import type { Db } from "../platform/db";
import { READ_SCOPES } from "../keys/scope-names";
import { keysForConnections } from "../keys/store";
import { clientsByIds, liveGrantsOf } from "./store";

/** One row of the dashboard's "Connected apps" (JSON-safe: dates as ISO strings). */
export interface ConnectedAppView {
  id: string;
  clientName: string;
  clientUri: string | null;
  redirectHost: string;
  environment: string;
  keyPrefix: string | null;
  scopes: string[];
  connectedAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}

const hostOf = (uri: string) => {
  try {
    const u = new URL(uri);
    return u.host || `${u.protocol}//`;
  } catch {
    return uri;
  }
};

/** The account's live OAuth connections, newest first (bounded: 200). */
export async function listConnectedApps(db: Db, accountId: string): Promise<ConnectedAppView[]> {
  const grants = await liveGrantsOf(db, accountId, 200);
  const clientIds = [...new Set(grants.map((g) => g.clientId))];
  const keyIds = grants.flatMap((g) => (g.apiKeyId ? [g.apiKeyId] : []));
  const [clients, keys] = await Promise.all([clientsByIds(db, clientIds), keysForConnections(db, keyIds)]);
  const clientById = new Map(clients.map((c) => [c.id, c]));
  const keyById = new Map(keys.map((k) => [k.id, k]));
  return grants.flatMap((g) => {
    const key = g.apiKeyId ? keyById.get(g.apiKeyId) : undefined;
    if (key?.revokedAt) return [];
    const client = clientById.get(g.clientId);
    // The later of the connection's last call and its key's (the keys page shows the same).
    const uses = [g.lastUsedAt, key?.lastUsedAt].filter((d): d is Date => d instanceof Date);
    const lastUsed = uses.length ? new Date(Math.max(...uses.map((d) => d.getTime()))) : null;
    return [
      {
        id: g.id,
        clientName: client?.name ?? g.clientId,
        clientUri: client?.uri ?? null,
        redirectHost: hostOf(g.redirectUri),
        environment: key?.environment ?? "test",
        keyPrefix: key?.prefix ?? null,
        scopes: key?.scopes ? key.scopes.split(",") : [...READ_SCOPES],
        connectedAt: g.createdAt.toISOString(),
        lastUsedAt: lastUsed ? lastUsed.toISOString() : null,
        expiresAt: key?.expiresAt ? key.expiresAt.toISOString() : null,
      },
    ];
  });
}
