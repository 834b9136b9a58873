"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { CreatedKey, KeyPage, KeyView } from "@/lib/keys/views";
import { useNow } from "../clock";
import { useApi } from "../hooks/useApi";
import { useDashboardHref } from "../hooks/useEnvironment";
import { useToggleKeyMutation } from "../hooks/useKeysQuery";
import { queries } from "../hooks/queries";
import { Badge, EnvironmentBadge } from "../ui/Badge";
import { Button } from "../ui/Button";
import { PageHeader } from "../ui/Card";
import { OnceOpened } from "../ui/OnceOpened";
import { ErrorState, Skeleton } from "../ui/States";
import { statusOf } from "./key-status";
import { KeyRequests, KeySettings, KeyUsage } from "./KeyDetailParts";
import { DisableKeyDialog, EditKeyDialog, RevokeKeyDialog, RollKeyDialog, SecretDialog } from "./lazy";

const STATUS_TONE = { active: "green", disabled: "gray", expired: "red", revoked: "red" } as const;

/** One key's page: the keys list's dialogs act on it, offered only when the viewer's role may. */
export function KeyDetailView({ id }: { id: string }) {
  const api = useApi();
  const { key: queryKey, url } = queries.key(id);
  const page = useQuery({ queryKey, queryFn: () => api.get<KeyPage>(url) });
  const href = useDashboardHref();
  const back = (
    <Link
      href={href("/dashboard/keys")}
      className="text-sm font-medium text-emerald-700 underline-offset-2 hover:underline"
    >
      ← API keys
    </Link>
  );
  if (page.isPending)
    return (
      <div className="space-y-4">
        {back}
        <Skeleton className="h-8 w-64" />
      </div>
    );
  if (page.isError)
    return (
      <div className="space-y-4">
        {back}
        <ErrorState error={page.error} onRetry={() => page.refetch()} what="this key" />
      </div>
    );
  return (
    <div className="space-y-6">
      {back}
      <KeyHeader k={page.data.key} mayManage={page.data.mayManage} onChanged={() => page.refetch()} />
      <KeyUsage k={page.data.key} />
      <KeyRequests k={page.data.key} />
      <KeySettings k={page.data.key} />
    </div>
  );
}

function KeyHeader({ k, mayManage, onChanged }: { k: KeyView; mayManage: boolean; onChanged: () => void }) {
  const now = useNow();
  const status = statusOf(k, now);
  const live = status === "active" || status === "disabled";
  const toggle = useToggleKeyMutation();
  const [dialog, setDialog] = useState<"edit" | "roll" | "disable" | "revoke" | null>(null);
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [notice, setNotice] = useState("");
  const close = () => setDialog(null);
  const done = (text: string) => {
    setDialog(null);
    setNotice(text);
    onChanged();
  };
  const setDisabled = (disable: boolean) =>
    toggle.mutate(
      { id: k.id, disable },
      { onSuccess: () => done(disable ? "Key disabled." : "Key enabled.") },
    );
  return (
    <>
      <PageHeader
        title={k.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <code className="font-mono text-[13px] text-slate-800">{k.prefix}…</code>
            <EnvironmentBadge environment={k.environment} />
            <Badge tone={STATUS_TONE[status]} dot>
              {status[0].toUpperCase() + status.slice(1)}
            </Badge>
          </span>
        }
        action={
          live && mayManage ? (
            <div className="flex flex-wrap gap-2">
              {!k.rolledTo && (
                <Button variant="secondary" onClick={() => setDialog("edit")}>
                  Edit
                </Button>
              )}
              {status === "active" && !k.rolledTo && (
                <Button variant="secondary" onClick={() => setDialog("roll")}>
                  Roll
                </Button>
              )}
              <Button
                variant="secondary"
                disabled={toggle.isPending}
                onClick={() => (status === "disabled" ? setDisabled(false) : setDialog("disable"))}
              >
                {status === "disabled" ? "Enable" : "Disable"}
              </Button>
              <Button variant="dangerGhost" onClick={() => setDialog("revoke")}>
                Revoke
              </Button>
            </div>
          ) : live ? (
            <p className="max-w-xs text-sm text-slate-600">
              Admins, owners and the member who created this key can change it.
            </p>
          ) : null
        }
      />
      <p aria-live="polite" className="text-sm text-emerald-800 empty:hidden">
        {notice}
      </p>
      {toggle.isError && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {toggle.error.message}
        </p>
      )}
      <OnceOpened open={dialog === "edit"}>
        <EditKeyDialog
          apiKey={dialog === "edit" ? k : null}
          onClose={close}
          onSaved={() => done("Saved. Requests see the change within 2 seconds.")}
        />
      </OnceOpened>
      <OnceOpened open={dialog === "roll"}>
        <RollKeyDialog
          apiKey={dialog === "roll" ? k : null}
          onClose={close}
          onRolled={(result) => {
            done(`Rolled to ${result.key.prefix}….`);
            setCreated(result);
          }}
        />
      </OnceOpened>
      <OnceOpened open={created !== null}>
        <SecretDialog created={created} onClose={() => setCreated(null)} />
      </OnceOpened>
      <OnceOpened open={dialog === "disable"}>
        <DisableKeyDialog
          apiKey={dialog === "disable" ? k : null}
          pending={toggle.isPending}
          onCancel={close}
          onConfirm={() => setDisabled(true)}
        />
      </OnceOpened>
      <OnceOpened open={dialog === "revoke"}>
        <RevokeKeyDialog
          apiKey={dialog === "revoke" ? k : null}
          onClose={close}
          onRevoked={() => done("Revoked. Requests with this key now get 401 Invalid API key.")}
        />
      </OnceOpened>
    </>
  );
}
