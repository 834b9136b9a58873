"use client";

import { useEffect, useId, useState, type FormEvent } from "react";
import { ALERT_TYPES } from "@/lib/alerts/types";
import { CHANGE_TYPES } from "@/lib/events/types";
import { createEndpointInput, MAX_DESCRIPTION_LENGTH, MAX_URL_LENGTH } from "@/lib/webhooks/schemas";
import type { WebhookEndpointView } from "@/lib/webhooks/views";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { FieldError, inputClass as input } from "../ui/Field";
import { checkedBy } from "../ui/schemaProblems";
import { FormAlert, useFormErrors } from "../ui/useFormErrors";
import type { EndpointInput } from "../hooks/useWebhooksQuery";

/**
 * Add an endpoint, or edit one (`editing`): URL, description, event types. The server checks the
 * URL again (scheme, credentials, private targets); its answer is shown under the field it names.
 */
export function EndpointDialog({
  open,
  editing,
  pending,
  onClose,
  onSubmit,
}: {
  open: boolean;
  editing: WebhookEndpointView | null;
  pending: boolean;
  onClose: () => void;
  /** Sends the input; `onError` shows a refusal in the form. */
  onSubmit: (input: EndpointInput, onError: (error: unknown) => void) => void;
}) {
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [types, setTypes] = useState<string[]>([]);
  const form = useFormErrors<"url" | "description" | "eventTypes">();
  const { clear } = form;
  const formId = useId();

  useEffect(() => {
    if (open) {
      setUrl(editing?.url ?? "");
      setDescription(editing?.description ?? "");
      setTypes(editing?.eventTypes ?? []);
      clear();
    }
  }, [open, editing, clear]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The route's own schema: the same limits and messages before anything is sent.
    const checked = checkedBy(createEndpointInput, { url, description, eventTypes: types });
    if (!checked.ok) return form.failChecked(checked.problems);
    form.clear();
    onSubmit(checked.data, form.failWith);
  };
  const toggle = (t: string) =>
    setTypes((cur) => (cur.includes(t) ? cur.filter((x) => x !== t) : [...cur, t]));
  const verb = editing ? "Save changes" : "Add endpoint";

  return (
    <Dialog
      open={open}
      onDismiss={() => !pending && onClose()}
      title={editing ? "Edit webhook endpoint" : "Add webhook endpoint"}
      description={
        editing
          ? "Changes apply to the next delivery; the signing secret stays the same."
          : "Statline POSTs each change to this URL, signed per Standard Webhooks. The signing secret is shown once, right after you add it."
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={pending}>
            {pending ? "Saving…" : verb}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-5">
        <FormAlert form={form} />
        <div>
          <label htmlFor={form.idOf("url")} className="text-sm font-medium text-slate-800">
            Endpoint URL
          </label>
          <input
            {...form.field("url")}
            name="url"
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            maxLength={MAX_URL_LENGTH}
            required
            data-autofocus
            autoComplete="off"
            placeholder="https://example.com/webhooks/statline"
            className={input}
          />
          <FieldError id={form.idOf("url")} message={form.errors.url} />
          <p className="mt-1 text-xs text-slate-600">
            Private and loopback addresses (127.0.0.1, localhost, 10.x, 192.168.x) are refused unless the
            server runs with <code className="font-mono">WEBHOOK_ALLOW_PRIVATE=1</code>, for local testing.
          </p>
        </div>
        <div>
          <label htmlFor={form.idOf("description")} className="text-sm font-medium text-slate-800">
            Description <span className="font-normal text-slate-600">(optional)</span>
          </label>
          <input
            {...form.field("description")}
            name="description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={MAX_DESCRIPTION_LENGTH}
            autoComplete="off"
            placeholder="Staging receiver"
            className={input}
          />
          <FieldError id={form.idOf("description")} message={form.errors.description} />
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Event types</legend>
          <p className="mt-0.5 text-xs text-slate-600">None checked: every event type.</p>
          {[
            { label: "Data changes", list: CHANGE_TYPES },
            { label: "Account and key alerts", list: ALERT_TYPES },
          ].map((group) => (
            <div key={group.label}>
              <p className="mt-3 text-xs font-medium uppercase tracking-wide text-slate-600">{group.label}</p>
              <div className="mt-1.5 grid gap-x-4 gap-y-1.5 sm:grid-cols-2">
                {group.list.map((t) => (
                  <label key={t} className="flex items-center gap-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      name="eventTypes"
                      value={t}
                      checked={types.includes(t)}
                      onChange={() => toggle(t)}
                      className="size-4 accent-emerald-700"
                    />
                    <code className="font-mono text-[13px]">{t}</code>
                  </label>
                ))}
              </div>
            </div>
          ))}
        </fieldset>
      </form>
    </Dialog>
  );
}
