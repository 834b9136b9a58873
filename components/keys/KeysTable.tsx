"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import Link from "next/link";
import type { KeyView } from "@/lib/keys/views";
import { EnvironmentBadge, Badge } from "../ui/Badge";
import { Button, focusRing } from "../ui/Button";
import { useDashboardHref } from "../hooks/useEnvironment";
import { useNow } from "../clock";
import { Ago } from "../ui/Ago";
import { KeyIcon, PlusIcon } from "../ui/icons";
import { EmptyState, ErrorState, Skeleton } from "../ui/States";
import { expiresSoon, statusOf } from "./key-status";

export interface KeyActions {
  onRevoke: (k: KeyView) => void;
  onRoll: (k: KeyView) => void;
  onToggle: (k: KeyView) => void;
  onEdit: (k: KeyView) => void;
}

const STATUS_BADGE = {
  active: (
    <Badge tone="green" dot>
      Active
    </Badge>
  ),
  disabled: (
    <Badge tone="gray" dot>
      Disabled
    </Badge>
  ),
  expired: (
    <Badge tone="red" dot>
      Expired
    </Badge>
  ),
  revoked: (
    <Badge tone="red" dot>
      Revoked
    </Badge>
  ),
} as const;

function When({ label, iso }: { label: string; iso: string | null }) {
  return (
    <span className="whitespace-nowrap">
      {iso ? (
        <>
          {label} <Ago iso={iso} className="text-slate-700" />
        </>
      ) : (
        <span className="text-slate-700">Never used</span>
      )}
    </span>
  );
}

/**
 * One key. A single markup for every width: stacked as a card below 1024 px, a grid row above; name,
 * status and every action always visible, nothing wider than the page.
 */
function KeyItem({
  k,
  actions,
  mayChange,
}: {
  k: KeyView;
  actions: KeyActions | null;
  mayChange: (k: KeyView) => boolean;
}) {
  const now = useNow();
  const status = statusOf(k, now);
  const live = status === "active" || status === "disabled";
  const label = `${k.name} (${k.prefix})`;
  const href = useDashboardHref();
  return (
    <li className="grid gap-3 px-4 py-4 sm:px-5 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-start">
      <div className="min-w-0 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            href={href(`/dashboard/keys/${encodeURIComponent(k.id)}`)}
            className={`min-w-0 break-words rounded font-medium underline decoration-slate-300 underline-offset-4 [overflow-wrap:anywhere] hover:decoration-emerald-600 ${focusRing} ${live ? "text-slate-900" : "text-slate-600"}`}
          >
            {k.name}
          </Link>
          <EnvironmentBadge environment={k.environment} />
          {STATUS_BADGE[status]}
          {expiresSoon(k, now) && <Badge tone="amber">Expires soon</Badge>}
          {k.restricted && <Badge tone="blue">Restricted</Badge>}
        </div>
        <code
          className={`block font-mono text-[13px] ${status === "revoked" ? "text-slate-500 line-through" : "text-slate-800"}`}
        >
          {k.prefix}
          <span className="text-slate-400" aria-hidden="true">
            ••••••••
          </span>
        </code>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
          {/* "by" sits with Created: after "Last used" it read as if that person used the key. */}
          <span className="min-w-0 [overflow-wrap:anywhere]">
            <When label="Created" iso={k.createdAt} />
            {k.createdBy && <> by {k.createdBy.email}</>}
          </span>
          <When label="Last used" iso={k.lastUsedAt} />
          {/* A revoked key no longer expires: "Expires in 59 minutes" on it was wrong. */}
          {k.expiresAt && status !== "revoked" && (
            <When label={status === "expired" ? "Expired" : "Expires"} iso={k.expiresAt} />
          )}
          {k.revokedAt && <When label="Revoked" iso={k.revokedAt} />}
          {k.source !== "dashboard" && <span>via {k.source === "cli" ? "admin CLI" : "agent handoff"}</span>}
        </div>
        {(k.restricted || k.allowedIps.length > 0 || k.rateLimit || k.unitCap) && (
          <div className="text-xs text-slate-600 [overflow-wrap:anywhere]">
            {k.restricted && <span>Scopes: {k.scopes.join(", ")}. </span>}
            {k.allowedIps.length > 0 && <span>IPs: {k.allowedIps.join(", ")}. </span>}
            {k.rateLimit && <span>{k.rateLimit} requests/min. </span>}
            {k.unitCap && <span>Cap {k.unitCap} units/month.</span>}
          </div>
        )}
        {(k.rolledFrom || k.rolledTo) && (
          <div className="text-xs text-slate-600">
            {k.rolledFrom && <span>Rolled from {k.rolledFrom}… </span>}
            {k.rolledTo && <span>Rolled to {k.rolledTo}…</span>}
          </div>
        )}
        {k.note && <p className="text-xs italic text-slate-600 [overflow-wrap:anywhere]">{k.note}</p>}
      </div>
      {live && actions && !mayChange(k) && (
        // A developer's view of a teammate's key: the server would refuse (403), so nothing is offered.
        <p className="text-xs text-slate-600 lg:max-w-56 lg:text-right">
          Only its creator, an admin or an owner can change this key.
        </p>
      )}
      {live && actions && mayChange(k) && (
        <div className="flex flex-wrap gap-2 lg:justify-end">
          {!k.rolledTo && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => actions.onEdit(k)}
              aria-label={`Edit ${label}`}
            >
              Edit
            </Button>
          )}
          {status === "active" && !k.rolledTo && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => actions.onRoll(k)}
              aria-label={`Roll ${label}`}
            >
              Roll
            </Button>
          )}
          <Button
            variant="secondary"
            size="sm"
            onClick={() => actions.onToggle(k)}
            aria-label={`${status === "disabled" ? "Enable" : "Disable"} ${label}`}
          >
            {status === "disabled" ? "Enable" : "Disable"}
          </Button>
          <Button
            variant="dangerGhost"
            size="sm"
            onClick={() => actions.onRevoke(k)}
            aria-label={`Revoke ${label}`}
          >
            Revoke
          </Button>
        </div>
      )}
    </li>
  );
}

export function KeysTable({
  query,
  keys,
  onCreate,
  actions,
  mayChange = () => true,
}: {
  query: UseQueryResult<KeyView[]>;
  /** The keys after search and filter. */
  keys: KeyView[];
  /** Null when the member's role may not create keys (a viewer): no create button. */
  onCreate: (() => void) | null;
  /** Null when the role may not change keys: the rows show no action. */
  actions: KeyActions | null;
  /** Whether the member may change this key (a developer: the keys it created). */
  mayChange?: (k: KeyView) => boolean;
}) {
  if (query.isPending) {
    return (
      <div className="divide-y divide-slate-100" aria-busy="true" aria-label="Loading keys">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex items-center gap-6 px-5 py-4">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="ml-auto h-4 w-24" />
          </div>
        ))}
      </div>
    );
  }
  if (query.isError)
    return <ErrorState error={query.error} onRetry={() => query.refetch()} what="your keys" />;
  if (query.data.length === 0) {
    return (
      <EmptyState
        icon={<KeyIcon width={22} height={22} />}
        title="No API keys yet"
        action={
          onCreate && (
            <Button onClick={onCreate}>
              <PlusIcon width={16} height={16} /> Create your first key
            </Button>
          )
        }
      >
        Create a key to start calling the Statline API. You’ll see the full key once, right after you create
        it.
      </EmptyState>
    );
  }
  if (keys.length === 0)
    return <p className="px-5 py-8 text-center text-sm text-slate-500">No keys match.</p>;
  return (
    <ul aria-label="API keys" className="divide-y divide-slate-100">
      {keys.map((k) => (
        <KeyItem key={k.id} k={k} actions={actions} mayChange={mayChange} />
      ))}
    </ul>
  );
}
