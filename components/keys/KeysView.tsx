"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useEnvironment, useSwitchHref } from "../hooks/useEnvironment";
import type { CreatedKey, KeyView } from "@/lib/dashboard/types";
import { useCreateKeyMutation, useKeysQuery } from "../hooks/useKeysQuery";
import { Button } from "../ui/Button";
import { Card } from "../ui/Card";
import { PageHeader } from "../ui/Card";
import { PlusIcon } from "../ui/icons";
import { CreateKeyDialog } from "./CreateKeyDialog";
import { KeysTable } from "./KeysTable";
import { RevokeKeyDialog } from "./RevokeKeyDialog";
import { SecretDialog } from "./SecretDialog";

export function KeysView() {
  const all = useKeysQuery();
  // The frame's test/live switch (?env=) scopes the list; a key created in the other environment
  // switches the page to it, so the new key is in view.
  const env = useEnvironment();
  const switchHref = useSwitchHref();
  const router = useRouter();
  const keys = { ...all, data: all.data?.filter((k) => k.environment === env) } as typeof all;
  const create = useCreateKeyMutation();
  const [creating, setCreating] = useState(false);
  // The full key lives only here, only while the display-once dialog is open.
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [revoking, setRevoking] = useState<KeyView | null>(null);
  const [notice, setNotice] = useState("");

  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => setNotice(""), 5000);
    return () => clearTimeout(t);
  }, [notice]);

  const active = keys.data?.filter((k) => !k.revokedAt).length ?? 0;

  return (
    <>
      <PageHeader
        title="API keys"
        description={
          <>
            Keys authenticate requests to{" "}
            <code className="rounded bg-slate-100 px-1 py-0.5 text-[13px]">/v1</code>. Use{" "}
            <strong className="font-medium text-slate-700">test</strong> keys for development and{" "}
            <strong className="font-medium text-slate-700">live</strong> keys in production; both are metered
            and rate-limited the same way.
          </>
        }
        action={
          <Button onClick={() => setCreating(true)}>
            <PlusIcon width={16} height={16} /> Create key
          </Button>
        }
      />

      <p aria-live="polite" className="sr-only">
        {notice}
      </p>
      {notice && (
        <div
          className="mb-4 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-2.5 text-sm text-emerald-900"
          aria-hidden="true"
        >
          {notice}
        </div>
      )}

      <Card>
        <div className="flex items-center justify-between border-b border-slate-100 px-5 py-3.5">
          <h2 className="text-sm font-semibold text-slate-900">Your keys</h2>
          {keys.data && keys.data.length > 0 && (
            <span className="text-sm text-slate-500">
              {active} active · {keys.data.length - active} revoked
            </span>
          )}
        </div>
        <KeysTable query={keys} onCreate={() => setCreating(true)} onRevoke={setRevoking} />
      </Card>

      <CreateKeyDialog
        open={creating}
        mutation={create}
        onClose={() => {
          setCreating(false);
          create.reset();
        }}
        onCreated={(result) => {
          setCreating(false);
          if (result.key.environment !== env) router.replace(switchHref(result.key.environment));
          setCreated(result);
        }}
      />
      <SecretDialog
        created={created}
        onClose={() => {
          setCreated(null);
          create.reset();
        }}
      />
      <RevokeKeyDialog
        apiKey={revoking}
        onClose={() => setRevoking(null)}
        onRevoked={(key) => {
          setRevoking(null);
          setNotice(`Revoked ${key.name} (${key.prefix}…). Requests with it now get 401 Invalid API key.`);
        }}
      />
    </>
  );
}
