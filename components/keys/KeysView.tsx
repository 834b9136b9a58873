"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { useEnvironment, useSwitchHref } from "../hooks/useEnvironment";
import type { CreatedKey, KeyView } from "@/lib/keys/views";
import { useCreateKeyMutation, useKeysQuery, useToggleKeyMutation } from "../hooks/useKeysQuery";
import { Button } from "../ui/Button";
import { Card, PageHeader } from "../ui/Card";
import { useNow } from "../clock";
import { useCan, useCanOn, useRole } from "../workspace";
import { PlusIcon } from "../ui/icons";
import { OnceOpened } from "../ui/OnceOpened";
import { KeysTable } from "./KeysTable";
import { filterKeys, sortKeys, statusOf, type KeySort, type StatusFilter } from "./key-status";
import { KEYS_PAGE_SIZE, KeysPager } from "./KeysPager";
import {
  CreateKeyDialog,
  DisableKeyDialog,
  EditKeyDialog,
  RevokeKeyDialog,
  RollKeyDialog,
  SecretDialog,
} from "./lazy";

const control =
  "rounded-md border border-slate-300 px-3 py-1.5 text-sm shadow-sm focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/25";

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
  const mayCreate = useCan("keys.create");
  const mayManage = useCan("keys.manage");
  const mayManageKey = useCanOn("keys.manage");
  const role = useRole();
  // The full key lives only here, only while the display-once dialog is open.
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [revoking, setRevoking] = useState<KeyView | null>(null);
  const [notice, setNotice] = useState("");
  const [rolling, setRolling] = useState<KeyView | null>(null);
  const [editing, setEditing] = useState<KeyView | null>(null);
  const [disabling, setDisabling] = useState<KeyView | null>(null);
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<StatusFilter>("all");
  const [sort, setSort] = useState<KeySort>("newest");
  const [page, setPage] = useState(0);
  const toggle = useToggleKeyMutation();
  // After a revoke the row's button is gone: focus moves to the list heading, after the native
  // <dialog> closed (close() returns focus to the vanishing Revoke button): a child's effect runs
  // before this one, whereas a requestAnimationFrame could fire first (it did, at 390 px).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeadingAfterRevoke = useRef(false);
  const filterId = useId();
  const now = useNow();
  const matching = keys.data ? sortKeys(filterKeys(keys.data, search, status, now), sort) : [];
  // A page past the end (keys revoked away, a narrower search) shows the last one.
  const lastPage = Math.max(0, Math.ceil(matching.length / KEYS_PAGE_SIZE) - 1);
  const current = Math.min(page, lastPage);
  const shown = matching.slice(current * KEYS_PAGE_SIZE, (current + 1) * KEYS_PAGE_SIZE);

  // The same after the display-once dialog: its opener (a dialog that is gone) cannot take focus.
  useEffect(() => {
    if (revoking || created || !focusHeadingAfterRevoke.current) return;
    focusHeadingAfterRevoke.current = false;
    headingRef.current?.focus();
  }, [revoking, created]);
  const setToggled = (k: KeyView, disable: boolean) =>
    toggle.mutate(
      { id: k.id, disable },
      {
        onSuccess: (changed) => {
          setDisabling(null);
          setNotice(`${changed.disabledAt ? "Disabled" : "Enabled"} ${changed.name} (${changed.prefix}…).`);
        },
      },
    );

  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => setNotice(""), 5000);
    return () => clearTimeout(t);
  }, [notice]);

  // Active means working now: a disabled or expired key is not.
  const active = keys.data?.filter((k) => statusOf(k, now) === "active").length ?? 0;
  const revokedCount = keys.data?.filter((k) => k.revokedAt).length ?? 0;

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
            {role === "developer" && " As a developer you can change the keys you created."}
          </>
        }
        action={
          mayCreate ? (
            <Button onClick={() => setCreating(true)}>
              <PlusIcon width={16} height={16} /> Create key
            </Button>
          ) : (
            <p className="text-sm text-slate-600">
              As a viewer you see the keys but cannot create or change them.
            </p>
          )
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
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-4 py-3.5 sm:px-5">
          <h2
            ref={headingRef}
            tabIndex={-1}
            className="text-sm font-semibold text-slate-900 focus:outline-none"
          >
            Your keys
          </h2>
          {keys.data && keys.data.length > 0 && (
            <span className="text-sm text-slate-500">
              {active} active ·{" "}
              {keys.data.length - active - revokedCount > 0
                ? `${keys.data.length - active - revokedCount} disabled or expired · `
                : ""}
              {revokedCount} revoked
            </span>
          )}
        </div>
        {keys.data && keys.data.length > 0 && (
          <div className="flex flex-wrap gap-2 border-b border-slate-100 px-4 py-3 sm:px-5">
            {/* Search takes its own row on phones: beside two selects it shrank to a few pixels at 390. */}
            <label htmlFor={`${filterId}-q`} className="sr-only">
              Search keys by name or prefix
            </label>
            <input
              id={`${filterId}-q`}
              type="search"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(0);
              }}
              placeholder="Search name or prefix"
              className={`${control} w-full min-w-0 sm:w-auto sm:flex-1`}
            />
            <label htmlFor={`${filterId}-s`} className="sr-only">
              Filter by status
            </label>
            <select
              id={`${filterId}-s`}
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as StatusFilter);
                setPage(0);
              }}
              className={`${control} min-w-0 flex-1 sm:flex-none`}
            >
              <option value="all">All statuses</option>
              <option value="active">Active</option>
              <option value="expiring">Expiring soon</option>
              <option value="disabled">Disabled</option>
              <option value="expired">Expired</option>
              <option value="revoked">Revoked</option>
            </select>
            <label htmlFor={`${filterId}-o`} className="sr-only">
              Sort keys
            </label>
            <select
              id={`${filterId}-o`}
              value={sort}
              onChange={(e) => {
                setSort(e.target.value as KeySort);
                setPage(0);
              }}
              className={`${control} min-w-0 flex-1 sm:flex-none`}
            >
              <option value="newest">Newest first</option>
              <option value="oldest">Oldest first</option>
              <option value="name">Name A–Z</option>
              <option value="lastUsed">Recently used</option>
            </select>
          </div>
        )}
        {toggle.isError && (
          <p role="alert" className="mx-5 mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {toggle.error.message}
          </p>
        )}
        <KeysTable
          query={keys}
          keys={shown}
          onCreate={mayCreate ? () => setCreating(true) : null}
          mayChange={(k) => mayManageKey(k.createdById)}
          actions={
            mayManage
              ? {
                  onRevoke: setRevoking,
                  onRoll: setRolling,
                  onEdit: setEditing,
                  onToggle: (k) => (k.disabledAt === null ? setDisabling(k) : setToggled(k, false)),
                }
              : null
          }
        />
        <KeysPager page={current} total={matching.length} onPage={setPage} />
      </Card>

      <OnceOpened open={creating}>
        <CreateKeyDialog
          defaultEnvironment={env}
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
      </OnceOpened>
      <OnceOpened open={created !== null}>
        <SecretDialog
          created={created}
          onClose={() => {
            focusHeadingAfterRevoke.current = true;
            setCreated(null);
            create.reset();
          }}
        />
      </OnceOpened>
      <OnceOpened open={rolling !== null}>
        <RollKeyDialog
          apiKey={rolling}
          onClose={() => setRolling(null)}
          onRolled={(result) => {
            setRolling(null);
            setCreated(result);
          }}
        />
      </OnceOpened>
      <OnceOpened open={editing !== null}>
        <EditKeyDialog
          apiKey={editing}
          onClose={() => setEditing(null)}
          onSaved={(key) => {
            setEditing(null);
            setNotice(`Saved ${key.name} (${key.prefix}…). Requests see the change within 2 seconds.`);
          }}
        />
      </OnceOpened>
      <OnceOpened open={disabling !== null}>
        <DisableKeyDialog
          apiKey={disabling}
          pending={toggle.isPending}
          onCancel={() => setDisabling(null)}
          onConfirm={(k) => setToggled(k, true)}
        />
      </OnceOpened>
      <OnceOpened open={revoking !== null}>
        <RevokeKeyDialog
          apiKey={revoking}
          onClose={() => setRevoking(null)}
          onRevoked={(key) => {
            focusHeadingAfterRevoke.current = true;
            setRevoking(null);
            setNotice(`Revoked ${key.name} (${key.prefix}…). Requests with it now get 401 Invalid API key.`);
          }}
        />
      </OnceOpened>
    </>
  );
}
