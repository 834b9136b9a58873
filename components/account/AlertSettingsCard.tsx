"use client";

import { useEffect, useState } from "react";
import {
  ALERT_LABELS,
  ALERT_TYPES,
  CHANNELS,
  type AlertType,
  type Channel,
  type LeakAction,
} from "@/lib/alerts/types";
import { useAlertSettingsQuery, useSaveAlertSettingsMutation } from "../hooks/useAlertsQuery";
import { Button } from "../ui/Button";
import { Card, CardHeader } from "../ui/Card";
import { ErrorState, Skeleton } from "../ui/States";

type Choice = Record<AlertType, Record<Channel, boolean>>;
const CHANNEL_LABELS: Record<Channel, string> = {
  dashboard: "Dashboard",
  email: "Email",
  webhook: "Webhook",
};

/** Channels per alert type, and what a leak report does to a key (that one needs a recent re-authentication). */
export function AlertSettingsCard() {
  const settings = useAlertSettingsQuery();
  const save = useSaveAlertSettingsMutation();
  const [choice, setChoice] = useState<Choice | null>(null);
  const [leak, setLeak] = useState<LeakAction>("revoke");
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (settings.data) {
      setChoice(settings.data.channels);
      setLeak(settings.data.leakAction);
    }
  }, [settings.data]);

  const toggle = (t: AlertType, c: Channel) => {
    setSaved(false);
    setChoice((prev) => (prev ? { ...prev, [t]: { ...prev[t], [c]: !prev[t][c] } } : prev));
  };
  const submit = () => {
    if (!choice) return;
    const channels = Object.fromEntries(ALERT_TYPES.map((t) => [t, CHANNELS.filter((c) => choice[t][c])]));
    save.mutate({ channels, leakAction: leak }, { onSuccess: () => setSaved(true) });
  };

  return (
    <Card>
      <div id="alert-settings" className="scroll-mt-20" />
      <CardHeader
        title="Alerts"
        description="Where each alert reaches you. Email needs the server's SMTP_URL; webhooks go to endpoints that take the type."
      />
      {settings.isPending || !choice ? (
        settings.isError ? (
          <ErrorState error={settings.error} onRetry={() => settings.refetch()} what="your alert settings" />
        ) : (
          <div className="space-y-3 px-5 py-4" aria-busy="true" aria-label="Loading alert settings">
            <Skeleton className="h-4 w-64" />
          </div>
        )
      ) : (
        <div className="px-5 py-4">
          <table className="w-full text-sm">
            <caption className="sr-only">Alert channels</caption>
            <thead>
              <tr className="text-left text-xs text-slate-600">
                <th scope="col" className="pb-2 font-medium">
                  Alert
                </th>
                {CHANNELS.map((c) => (
                  <th key={c} scope="col" className="w-16 pb-2 text-center font-medium">
                    {CHANNEL_LABELS[c]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {ALERT_TYPES.map((t) => (
                <tr key={t}>
                  <th scope="row" className="py-2 pr-2 text-left font-normal text-slate-800">
                    {ALERT_LABELS[t]}
                  </th>
                  {CHANNELS.map((c) => (
                    <td key={c} className="py-2 text-center">
                      <input
                        type="checkbox"
                        checked={choice[t][c]}
                        onChange={() => toggle(t, c)}
                        aria-label={`${ALERT_LABELS[t]}: ${CHANNEL_LABELS[c]}`}
                        className="size-4 accent-emerald-700"
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <fieldset className="mt-5">
            <legend className="text-sm font-medium text-slate-800">When a key is reported leaked</legend>
            <p className="mt-0.5 text-xs text-slate-600">
              A secret scanner (GitHub) found it in public. Changing this needs a recent confirmation of your
              password or a code (the page asks for it when needed).
            </p>
            <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
              {(["revoke", "disable"] as const).map((a) => (
                <label key={a} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name="leakAction"
                    value={a}
                    checked={leak === a}
                    onChange={() => {
                      setSaved(false);
                      setLeak(a);
                    }}
                    className="size-4 accent-emerald-700"
                  />
                  {a === "revoke" ? "Revoke it (final)" : "Disable it (you can enable it again)"}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="mt-5 flex flex-wrap items-center gap-3">
            <Button onClick={submit} disabled={save.isPending}>
              Save alert settings
            </Button>
            {saved && (
              <p role="status" className="text-sm text-emerald-800">
                Saved.
              </p>
            )}
          </div>
          {save.isError && (
            <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
              {save.error.message}
            </p>
          )}
        </div>
      )}
    </Card>
  );
}
