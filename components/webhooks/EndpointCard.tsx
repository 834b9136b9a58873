"use client";

import { useState } from "react";
import type { WebhookEndpointView } from "@/lib/webhooks/views";
import { Badge } from "../ui/Badge";
import { Button } from "../ui/Button";
import { Card } from "../ui/Card";
import { formatDateTime } from "../ui/format";
import type { EndpointAction } from "../hooks/useWebhooksQuery";
import { DeliveryLog } from "./lazy";

export function EndpointCard({
  endpoint: ep,
  busy,
  onAction,
  onEdit,
  onRoll,
  manage = true,
}: {
  endpoint: WebhookEndpointView;
  /** False for roles that only read webhooks: the card offers no action. */
  manage?: boolean;
  busy: boolean;
  onAction: (action: EndpointAction) => void;
  onEdit: () => void;
  onRoll: () => void;
}) {
  const [open, setOpen] = useState(false);
  const logId = `log-${ep.id}`;
  const disabled = ep.status === "disabled";
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3 px-4 py-4 sm:px-5">
        <div className="min-w-0 flex-1 basis-64">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="min-w-0 break-all font-mono text-sm font-medium text-slate-900">{ep.url}</h3>
            {disabled ? (
              <Badge tone="red">Disabled</Badge>
            ) : (
              <Badge tone="green" dot>
                Active
              </Badge>
            )}
          </div>
          {ep.description && (
            <p className="mt-1 break-words text-sm text-slate-700" data-description>
              {ep.description}
            </p>
          )}
          <p className="mt-1 text-xs text-slate-600">
            {ep.eventTypes.length ? ep.eventTypes.join(", ") : "All event types"} · added{" "}
            {formatDateTime(ep.createdAt)}
            {ep.consecutiveFailures > 0 &&
              ` · ${ep.consecutiveFailures} failed ${ep.consecutiveFailures === 1 ? "attempt" : "attempts"} in a row`}
          </p>
          {ep.previousSecretUntil && (
            <p className="mt-1 text-xs text-amber-800" data-overlap>
              Secret rolled: deliveries carry the old secret&apos;s signature too until{" "}
              {formatDateTime(ep.previousSecretUntil)}.
            </p>
          )}
          {disabled && ep.disabledReason && (
            <p className="mt-1 text-xs text-red-700" data-disabled-reason>
              {ep.disabledReason}
            </p>
          )}
        </div>
        <div className={manage ? "flex flex-wrap gap-2" : "hidden"}>
          <Button size="sm" variant="secondary" disabled={busy || disabled} onClick={() => onAction("test")}>
            Send test event
          </Button>
          <Button size="sm" variant="secondary" disabled={busy} onClick={onEdit}>
            Edit
          </Button>
          <Button size="sm" variant="secondary" disabled={busy} onClick={onRoll}>
            Roll secret
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={() => onAction(disabled ? "enable" : "disable")}
          >
            {disabled ? "Enable" : "Disable"}
          </Button>
          <Button size="sm" variant="dangerGhost" disabled={busy} onClick={() => onAction("delete")}>
            Delete
          </Button>
        </div>
      </div>
      <div className="border-t border-slate-100">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={logId}
          onClick={() => setOpen((o) => !o)}
          className="w-full px-4 py-2.5 text-left text-sm font-medium text-emerald-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-emerald-600 sm:px-5"
        >
          {open ? "Hide deliveries" : "Show deliveries"}
        </button>
        {open && (
          <div id={logId} className="border-t border-slate-100">
            <DeliveryLog endpointId={ep.id} />
          </div>
        )}
      </div>
    </Card>
  );
}
