"use client";

import type { WebhookDeliveryView } from "@/lib/webhooks/views";
import { Badge, type Tone } from "../ui/Badge";
import { Button } from "../ui/Button";
import { formatPreciseTime } from "../ui/format";
import { Skeleton } from "../ui/States";
import { useState } from "react";
import { useDeliveriesQuery, useResendMutation } from "../hooks/useWebhooksQuery";
import { DeliveryDetailDialog } from "./DeliveryDetailDialog";
import { refusalHint } from "./refusal";

const STATE: Record<WebhookDeliveryView["status"], { tone: Tone; label: string }> = {
  pending: { tone: "blue", label: "Pending" },
  failed: { tone: "amber", label: "Retrying" },
  succeeded: { tone: "green", label: "Delivered" },
  dead: { tone: "red", label: "Failed" },
};

function Attempts({ d }: { d: WebhookDeliveryView }) {
  if (!d.attemptLog.length) return null;
  return (
    <details className="mt-1 text-xs text-slate-600">
      <summary className="cursor-pointer">Attempts ({d.attempts})</summary>
      <ol className="mt-1 space-y-0.5">
        {d.attemptLog.map((a) => (
          <li key={a.at} className="break-words">
            {formatPreciseTime(a.at)} · {a.statusCode ?? "no response"} · {a.latencyMs} ms
            {a.error ? ` · ${a.error}${refusalHint(a.error)}` : ""}
          </li>
        ))}
      </ol>
    </details>
  );
}

/** The newest deliveries of one endpoint: time, event type, attempts, status code, latency, state, resend. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const deliveries = useDeliveriesQuery(endpointId);
  const resend = useResendMutation(endpointId);
  const [viewing, setViewing] = useState<string | null>(null);
  if (deliveries.isPending) return <Skeleton className="m-4 h-16" />;
  if (deliveries.isError)
    return (
      <p role="alert" className="px-4 py-3 text-sm text-red-700">
        {deliveries.error.message}
      </p>
    );
  if (!deliveries.data.length)
    return (
      <p className="px-4 py-3 text-sm text-slate-600">
        No deliveries yet. Send a test event to try the endpoint.
      </p>
    );
  return (
    <>
      <ul aria-label="Deliveries" className="divide-y divide-slate-100">
        {deliveries.data.map((d) => (
          <li
            key={d.id}
            className="flex flex-wrap items-start gap-x-4 gap-y-1 px-4 py-2.5 text-sm sm:px-5"
            data-delivery={d.eventId}
          >
            <div className="min-w-0 flex-1 basis-56">
              <div className="flex flex-wrap items-center gap-2">
                <code className="font-mono text-[13px] text-slate-900">{d.eventType}</code>
                <Badge tone={STATE[d.status].tone}>{STATE[d.status].label}</Badge>
              </div>
              <p className="mt-0.5 break-all text-xs text-slate-600">
                {formatPreciseTime(d.createdAt)} · {d.eventId}
              </p>
              <Attempts d={d} />
            </div>
            <dl className="flex gap-4 text-xs text-slate-600">
              <div>
                <dt className="sr-only">Attempts</dt>
                <dd>
                  {d.attempts} {d.attempts === 1 ? "attempt" : "attempts"}
                </dd>
              </div>
              <div>
                <dt className="sr-only">Status code</dt>
                <dd data-status-code>{d.lastStatusCode ?? (d.lastError ? "error" : "–")}</dd>
              </div>
              <div>
                <dt className="sr-only">Latency</dt>
                <dd>{d.lastLatencyMs === null ? "–" : `${d.lastLatencyMs} ms`}</dd>
              </div>
            </dl>
            <div className="flex gap-2">
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setViewing(d.id)}
                aria-label={`View ${d.eventType} ${d.eventId}`}
              >
                View
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={resend.isPending}
                onClick={() => resend.mutate(d.id)}
                aria-label={`Resend ${d.eventType} ${d.eventId}`}
              >
                Resend
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <DeliveryDetailDialog endpointId={endpointId} deliveryId={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
