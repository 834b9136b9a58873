import type { Result } from "../platform/errors";
import { recordAudit, type AuditContext } from "../audit/store";
import type { CurrentUser } from "../auth/session";
import type { Db } from "../platform/db";
import { createCappedApiKey, revokeApiKey } from "../keys/service";
import type { Scope } from "../keys/scopes";
import { oauthConfig } from "./config";
import { revokeGrant, type GrantRow } from "./grants";
import { clientById, grantById, transitionGrant } from "./store";
import { newAuthCode, tokenHash } from "./tokens";

/** Where the browser goes back to the client (with the code or the denial), or why nothing was decided. */
export type ConsentOutcome = Result<string, "CONFLICT">;
const refused = (message: string): ConsentOutcome => ({ ok: false, code: "CONFLICT", message });

/** Why a consent request can no longer be decided on, or null while it waits. */
export function consentClosed(grant: GrantRow | null, now = new Date()): string | null {
  if (!grant) return "No such authorization request. Start again from your MCP client.";
  if (grant.status !== "pending") return "This authorization request was already decided.";
  if (grant.expiresAt <= now)
    return "This authorization request has expired. Start again from your MCP client.";
  return null;
}

function back(grant: GrantRow, params: Record<string, string>, issuer: string): string {
  const target = new URL(grant.redirectUri);
  for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
  if (grant.state) target.searchParams.set("state", grant.state);
  // RFC 9207: the issuer travels with the response, so a client can tell servers apart.
  target.searchParams.set("iss", issuer);
  return target.toString();
}

/**
 * The signed-in user approves: an API key of their account is made for the client (the scopes,
 * environment and expiry chosen here; its limits and quota are the account's, and it shows in the
 * keys list), and a one-time code (256 bits, stored as SHA-256) goes back on the redirect.
 */
export async function approveGrant(
  db: Db,
  input: {
    grantId: string;
    user: CurrentUser;
    environment: "test" | "live";
    scopes: readonly Scope[];
    expiresDays: number | null;
    issuer: string;
  },
  audit: AuditContext,
): Promise<ConsentOutcome> {
  const grant = await grantById(db, input.grantId);
  const closed = consentClosed(grant);
  if (closed || !grant) return refused(closed ?? "");
  const client = await clientById(db, grant.clientId);
  if (!client) return refused("The client is no longer registered.");
  const now = new Date();
  if (
    !(await transitionGrant(db, grant.id, "pending", {
      status: "approving",
      accountId: input.user.accountId,
    }))
  )
    return refused("This authorization request was already decided.");
  const created = await createCappedApiKey(
    db,
    {
      accountId: input.user.accountId,
      name: `${client.name.slice(0, 48)} (MCP)`,
      environment: input.environment,
      createdById: input.user.id,
      source: "agent",
      options: {
        scopes: input.scopes,
        expiresAt: input.expiresDays ? new Date(now.getTime() + input.expiresDays * 86_400_000) : null,
        // Labelled by the app's registered name, as "Connected apps" lists it (the id means nothing to a person).
        note: `Connected app (OAuth): ${client.name.slice(0, 200)}`,
      },
    },
    audit,
  );
  if (!created.ok) {
    await transitionGrant(db, grant.id, "approving", { status: "denied" });
    return refused(created.message);
  }
  const code = newAuthCode();
  const moved = await transitionGrant(db, grant.id, "approving", {
    status: "approved",
    approvedById: input.user.id,
    apiKeyId: created.record.id,
    codeHash: tokenHash(code),
    codeExpiresAt: new Date(now.getTime() + oauthConfig.codeTtlMs),
  });
  if (!moved) {
    await revokeApiKey(db, { id: created.record.id }, input.user.id, audit);
    return refused("This authorization request was already decided.");
  }
  await recordAudit(db, {
    accountId: input.user.accountId,
    actorUserId: input.user.id,
    action: "oauth.approved",
    targetType: "oauth_grant",
    targetId: grant.id,
    detail: `"${client.name}" (${client.id}) as ${created.record.prefix} (${input.environment}), redirect ${new URL(grant.redirectUri).host || grant.redirectUri}`,
    ...audit,
  });
  return { ok: true, value: back(grant, { code }, input.issuer) };
}

export async function denyGrant(db: Db, grantId: string, issuer: string): Promise<ConsentOutcome> {
  const grant = await grantById(db, grantId);
  const closed = consentClosed(grant);
  if (closed || !grant) return refused(closed ?? "");
  if (!(await transitionGrant(db, grant.id, "pending", { status: "denied" })))
    return refused("This authorization request was already decided.");
  return {
    ok: true,
    value: back(grant, { error: "access_denied", error_description: "The user denied access" }, issuer),
  };
}

/** Dashboard "Connected apps": Revoke. false when the account has no such live connection. */
export async function revokeConnectedApp(
  db: Db,
  input: { grantId: string; user: CurrentUser },
  audit: AuditContext,
): Promise<boolean> {
  const grant = await grantById(db, input.grantId);
  if (!grant || grant.accountId !== input.user.accountId || grant.status === "revoked") return false;
  const client = await clientById(db, grant.clientId);
  await revokeGrant(
    db,
    grant,
    {
      action: "oauth.revoked",
      actorUserId: input.user.id,
      detail: `"${client?.name ?? grant.clientId}" disconnected`,
    },
    audit,
  );
  return true;
}
