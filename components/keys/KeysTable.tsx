"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import type { KeyView } from "@/lib/dashboard/types";
import { EnvironmentBadge, Badge } from "../ui/Badge";
import { Button } from "../ui/Button";
import { formatDateTime, formatRelative } from "../ui/format";
import { KeyIcon, PlusIcon } from "../ui/icons";
import { EmptyState, ErrorState, Skeleton } from "../ui/States";

const th =
  "whitespace-nowrap px-5 py-2.5 text-left text-xs font-medium uppercase tracking-wide text-slate-500";
const td = "px-5 py-3.5 align-top text-sm";

function When({ iso, by }: { iso: string; by?: { email: string } | null }) {
  return (
    <div>
      <time dateTime={iso} title={formatDateTime(iso)} className="whitespace-nowrap text-slate-800">
        {formatRelative(iso)}
      </time>
      {by && (
        <div className="max-w-48 truncate text-xs text-slate-500" title={by.email}>
          by {by.email}
        </div>
      )}
    </div>
  );
}

function Row({ k, onRevoke }: { k: KeyView; onRevoke: (k: KeyView) => void }) {
  const revoked = k.revokedAt !== null;
  return (
    <tr className={revoked ? "bg-slate-50/60" : "hover:bg-slate-50/60"}>
      <td className={td}>
        <div
          className={`min-w-36 max-w-64 break-words font-medium ${revoked ? "text-slate-500" : "text-slate-900"}`}
        >
          {k.name}
        </div>
        {k.source !== "dashboard" && (
          <div className="text-xs text-slate-500">
            via {k.source === "cli" ? "admin CLI" : "agent handoff"}
          </div>
        )}
      </td>
      <td className={td}>
        <code
          className={`whitespace-nowrap font-mono text-[13px] ${revoked ? "text-slate-400 line-through" : "text-slate-800"}`}
        >
          {k.prefix}
          <span className="text-slate-400" aria-hidden="true">
            ••••••••
          </span>
        </code>
      </td>
      <td className={td}>
        <EnvironmentBadge environment={k.environment} />
      </td>
      <td className={td}>
        <When iso={k.createdAt} by={k.createdBy} />
      </td>
      <td className={td}>
        {k.lastUsedAt ? <When iso={k.lastUsedAt} /> : <span className="text-slate-400">Never</span>}
      </td>
      <td className={td}>
        {revoked ? (
          <div>
            <Badge tone="red" dot>
              Revoked
            </Badge>
            <div
              className="mt-1 whitespace-nowrap text-xs text-slate-500"
              title={formatDateTime(k.revokedAt!)}
            >
              {formatRelative(k.revokedAt!)}
            </div>
            {k.revokedBy && (
              <div className="max-w-48 truncate text-xs text-slate-500" title={k.revokedBy.email}>
                by {k.revokedBy.email}
              </div>
            )}
          </div>
        ) : (
          <Badge tone="green" dot>
            Active
          </Badge>
        )}
      </td>
      <td className={`${td} text-right`}>
        {!revoked && (
          <Button
            variant="dangerGhost"
            size="sm"
            onClick={() => onRevoke(k)}
            aria-label={`Revoke ${k.name} (${k.prefix})`}
          >
            Revoke
          </Button>
        )}
      </td>
    </tr>
  );
}

export function KeysTable({
  query,
  onCreate,
  onRevoke,
}: {
  query: UseQueryResult<KeyView[]>;
  onCreate: () => void;
  onRevoke: (k: KeyView) => void;
}) {
  if (query.isPending) {
    return (
      <div className="divide-y divide-slate-100" aria-busy="true" aria-label="Loading keys">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex items-center gap-6 px-5 py-4">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-4 w-12" />
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
          <Button onClick={onCreate}>
            <PlusIcon width={16} height={16} /> Create your first key
          </Button>
        }
      >
        Create a key to start calling the Statline API. You’ll see the full key once, right after you create
        it.
      </EmptyState>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[860px]">
        <caption className="sr-only">API keys</caption>
        <thead className="border-b border-slate-100 bg-slate-50/70">
          <tr>
            <th scope="col" className={th}>
              Name
            </th>
            <th scope="col" className={th}>
              Key
            </th>
            <th scope="col" className={th}>
              Environment
            </th>
            <th scope="col" className={th}>
              Created
            </th>
            <th scope="col" className={th}>
              Last used
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={th}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {query.data.map((k) => (
            <Row key={k.id} k={k} onRevoke={onRevoke} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
