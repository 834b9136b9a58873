"use client";

import type { WebhookDeliveryDetail } from "@/lib/webhooks/views";
import { useDeliveryDetailQuery } from "../hooks/useWebhooksQuery";
import { CopyButton } from "../ui/CopyButton";
import { Dialog } from "../ui/Dialog";
import { formatPreciseTime } from "../ui/format";
import { Skeleton } from "../ui/States";
import { refusalHint } from "./refusal";

const mono = "font-mono text-[13px]";
const block = `${mono} mt-1 whitespace-pre-wrap rounded-lg bg-slate-50 p-3 leading-relaxed text-slate-900 [overflow-wrap:anywhere]`;

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

type Attempt = WebhookDeliveryDetail["attemptLog"][number];

function AttemptDetail({ a, n }: { a: Attempt; n: number }) {
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-attempt>
      <p className="text-sm text-slate-900">
        <span className="font-medium">Attempt {n}</span> · {formatPreciseTime(a.at)} ·{" "}
        <span data-attempt-status>{a.statusCode ?? "no response"}</span> · {a.latencyMs} ms
      </p>
      {a.error && (
        <p className="mt-1 break-words text-sm text-red-700">
          {a.error}
          {refusalHint(a.error)}
        </p>
      )}
      {a.responseHeaders.length > 0 && (
        <>
          <h4 className="mt-3 text-sm text-slate-600">Response headers</h4>
          <dl aria-label={`Attempt ${n} response headers`} className="mt-1 text-[13px]">
            {a.responseHeaders.map(([name, value]) => (
              <div
                key={name}
                className="grid grid-cols-1 gap-x-3 py-0.5 sm:grid-cols-[minmax(0,11rem)_minmax(0,1fr)]"
              >
                <dt className={`${mono} break-words text-slate-600`}>{name}</dt>
                <dd className={`${mono} [overflow-wrap:anywhere] text-slate-900`}>{value}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      {a.response !== null && a.statusCode !== null && (
        <>
          <h4 className="mt-3 text-sm text-slate-600">Response body (first 4 KB)</h4>
          <pre className={block} data-testid="attempt-body">
            {a.response ? pretty(a.response) : "(empty)"}
          </pre>
        </>
      )}
    </li>
  );
}

/** What a delivery sent (the signed payload) and what each attempt got back. */
export function DeliveryDetailDialog({
  endpointId,
  deliveryId,
  onClose,
}: {
  endpointId: string;
  deliveryId: string | null;
  onClose: () => void;
}) {
  const detail = useDeliveryDetailQuery(endpointId, deliveryId);
  const d = detail.data;
  return (
    <Dialog
      open={deliveryId !== null}
      onDismiss={onClose}
      placement="drawer"
      title="Delivery details"
      description={d ? <span className={mono}>{d.eventId}</span> : undefined}
    >
      {detail.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {detail.error.message}
        </p>
      ) : !d ? (
        <Skeleton className="h-24" />
      ) : (
        <div className="space-y-5">
          <section aria-labelledby="delivery-payload-heading">
            <div className="flex items-center justify-between gap-2">
              <h3 id="delivery-payload-heading" className="text-sm font-medium text-slate-900">
                Payload <span className="font-normal text-slate-600">({d.eventType})</span>
              </h3>
              <CopyButton text={d.payload} size="sm" variant="ghost" label="Copy payload" />
            </div>
            <pre className={block} data-testid="delivery-payload">
              {pretty(d.payload)}
            </pre>
          </section>
          <section aria-labelledby="delivery-attempts-heading">
            <h3 id="delivery-attempts-heading" className="text-sm font-medium text-slate-900">
              Attempts ({d.attempts})
            </h3>
            {d.attemptLog.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">Not attempted yet.</p>
            ) : (
              <ol className="mt-2 space-y-3">
                {d.attemptLog.map((a, i) => (
                  <AttemptDetail key={a.at} a={a} n={d.attempts - i} />
                ))}
              </ol>
            )}
          </section>
        </div>
      )}
    </Dialog>
  );
}
