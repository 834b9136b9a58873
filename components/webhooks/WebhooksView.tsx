"use client";

import { useEffect, useState } from "react";
import type { WebhookEndpointView } from "@/lib/webhooks/views";
import { Button } from "../ui/Button";
import { Card, PageHeader } from "../ui/Card";
import { Dialog } from "../ui/Dialog";
import { BoltIcon, PlusIcon } from "../ui/icons";
import { EmptyState, ErrorState, Skeleton } from "../ui/States";
import {
  useCreateEndpointMutation,
  useEndpointAction,
  useUpdateEndpointMutation,
  useWebhooksQuery,
  type CreatedEndpoint,
  type EndpointAction,
} from "../hooks/useWebhooksQuery";
import { OnceOpened } from "../ui/OnceOpened";
import { EndpointCard } from "./EndpointCard";
import { EndpointDialog, RollSecretDialog, WebhookSecretDialog } from "./lazy";
import { useCan, useRole } from "../workspace";

const DONE: Record<EndpointAction, string> = {
  test: "Test event queued; it appears in the delivery log.",
  disable: "Endpoint disabled; no deliveries are sent to it.",
  enable: "Endpoint enabled; deliveries resume.",
  delete: "Endpoint deleted.",
};

export function WebhooksView() {
  const manage = useCan("webhooks.manage");
  const role = useRole();
  const endpoints = useWebhooksQuery();
  const create = useCreateEndpointMutation();
  const action = useEndpointAction();
  const update = useUpdateEndpointMutation();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<WebhookEndpointView | null>(null);
  const [rolling, setRolling] = useState<WebhookEndpointView | null>(null);
  // The secret lives only here, only while the display-once dialog is open.
  const [created, setCreated] = useState<CreatedEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpointView | null>(null);
  const [notice, setNotice] = useState("");

  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => setNotice(""), 5000);
    return () => clearTimeout(t);
  }, [notice]);

  const run = (id: string, a: EndpointAction) =>
    action.mutate({ id, action: a }, { onSuccess: () => setNotice(DONE[a]) });

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Statline POSTs every change (scores, status, odds, standings) to your endpoints within seconds, signed per Standard Webhooks, retried with back-off for about two days."
        action={
          manage ? (
            <Button onClick={() => setAdding(true)}>
              <PlusIcon width={16} height={16} /> Add endpoint
            </Button>
          ) : (
            <p className="max-w-xs text-sm text-slate-600">
              As a {role} you see the endpoints and their deliveries; admins and owners add and change them.
            </p>
          )
        }
      />
      <p aria-live="polite" role="status" className="mb-4 min-h-0 text-sm text-emerald-800 empty:hidden">
        {notice}
      </p>
      {action.isError && (
        <p role="alert" className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {action.error.message}
        </p>
      )}
      {endpoints.isPending ? (
        <Card>
          <Skeleton className="m-5 h-16" />
        </Card>
      ) : endpoints.isError ? (
        <Card>
          <ErrorState error={endpoints.error} onRetry={() => endpoints.refetch()} what="webhook endpoints" />
        </Card>
      ) : endpoints.data.length === 0 ? (
        <Card>
          <EmptyState
            icon={<BoltIcon width={22} height={22} />}
            title="No webhook endpoints yet"
            action={manage && <Button onClick={() => setAdding(true)}>Add endpoint</Button>}
          >
            {manage
              ? "Add a URL and Statline pushes changes to it instead of you polling /v1/changes."
              : "An admin or owner of this workspace can add a URL; Statline then pushes changes to it instead of you polling /v1/changes."}
          </EmptyState>
        </Card>
      ) : (
        <div className="space-y-4">
          {endpoints.data.map((ep) => (
            <EndpointCard
              key={ep.id}
              endpoint={ep}
              busy={action.isPending}
              onAction={(a) => (a === "delete" ? setDeleting(ep) : run(ep.id, a))}
              onEdit={() => setEditing(ep)}
              onRoll={() => setRolling(ep)}
              manage={manage}
            />
          ))}
        </div>
      )}

      <OnceOpened open={adding}>
        <EndpointDialog
          open={adding}
          editing={null}
          pending={create.isPending}
          onClose={() => {
            setAdding(false);
            create.reset();
          }}
          onSubmit={(input, onError) =>
            create.mutate(input, {
              onSuccess: (result) => {
                setAdding(false);
                setCreated(result);
              },
              onError,
            })
          }
        />
      </OnceOpened>
      <OnceOpened open={editing !== null}>
        <EndpointDialog
          open={editing !== null}
          editing={editing}
          pending={update.isPending}
          onClose={() => {
            setEditing(null);
            update.reset();
          }}
          onSubmit={(input, onError) =>
            editing &&
            update.mutate(
              { id: editing.id, ...input },
              {
                onSuccess: () => {
                  setEditing(null);
                  update.reset();
                  setNotice("Endpoint saved.");
                },
                onError,
              },
            )
          }
        />
      </OnceOpened>
      <OnceOpened open={rolling !== null}>
        <RollSecretDialog
          endpoint={rolling}
          onClose={() => setRolling(null)}
          onRolled={(result) => {
            setRolling(null);
            setCreated(result);
          }}
        />
      </OnceOpened>
      <OnceOpened open={created !== null}>
        <WebhookSecretDialog
          created={created}
          onClose={() => {
            setCreated(null);
            create.reset();
          }}
        />
      </OnceOpened>
      <Dialog
        open={deleting !== null}
        onDismiss={() => setDeleting(null)}
        title="Delete webhook endpoint?"
        description="Deliveries stop at once and its delivery log is deleted. This cannot be undone."
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)} autoFocus>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                if (deleting) run(deleting.id, "delete");
                setDeleting(null);
              }}
            >
              Delete endpoint
            </Button>
          </>
        }
      >
        <p className="break-all font-mono text-sm text-slate-800">{deleting?.url}</p>
      </Dialog>
    </>
  );
}
