"use client";

import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { PASSWORD_MAX, proofOf } from "@/lib/auth/schemas";
import { WORKSPACE_NAME_MAX } from "@/lib/workspaces/schemas";
import type { MemberView } from "@/lib/workspaces/store";
import { Field } from "../ui/Field";
import { useWorkspaceMutations } from "../hooks/useWorkspaceMutations";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";

const Problem = ({ message }: { message: string }) => (
  <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
    {message}
  </p>
);

/**
 * Leaving and deleting end the page's workspace: the user's own opens. A full page load on purpose
 * (like the workspace menu's links): no query cached for the old workspace is shown.
 */
// eslint-disable-next-line @next/next/no-location-assign-relative-destination
const goHome = () => window.location.assign("/dashboard");

const ProofField = () => (
  <Field
    label="Your password (or a 6-digit code)"
    name="secret"
    type="password"
    autoComplete="current-password"
    required
    maxLength={PASSWORD_MAX}
    hint="Handing over or deleting a workspace needs you to confirm it's you."
  />
);

export function TransferDialog({
  workspace,
  candidates,
  onClose,
}: {
  workspace: string;
  candidates: MemberView[];
  onClose: () => void;
}) {
  const { transfer } = useWorkspaceMutations();
  const router = useRouter();
  const [to, setTo] = useState(candidates[0]?.userId ?? "");
  const selectId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const secret = String(new FormData(event.currentTarget).get("secret") ?? "");
    transfer.mutate(
      { userId: to, ...proofOf(secret) },
      {
        onSuccess: () => {
          onClose();
          // The frame (workspace menu) shows the role from the server: render it again.
          router.refresh();
        },
      },
    );
  };
  return (
    <Dialog
      open
      onDismiss={onClose}
      title="Transfer ownership"
      description={
        <span className="[overflow-wrap:anywhere]">
          The member you choose becomes the owner of {workspace}; you stay as an admin. Both of you get an
          email.
        </span>
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="transfer-form" disabled={transfer.isPending || !to}>
            {transfer.isPending ? "Transferring…" : "Transfer ownership"}
          </Button>
        </>
      }
    >
      <form id="transfer-form" onSubmit={submit} className="space-y-4">
        <div>
          <label htmlFor={selectId} className="block text-sm font-medium text-slate-800">
            New owner
          </label>
          <select
            id={selectId}
            value={to}
            data-autofocus
            onChange={(e) => setTo(e.target.value)}
            className="mt-1.5 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/25"
          >
            {candidates.map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.email} ({m.role})
              </option>
            ))}
          </select>
        </div>
        <ProofField />
        {transfer.isError && <Problem message={transfer.error.message} />}
      </form>
    </Dialog>
  );
}

export function LeaveDialog({ workspace, onClose }: { workspace: string; onClose: () => void }) {
  const { leave } = useWorkspaceMutations();
  return (
    <Dialog
      open
      onDismiss={onClose}
      title="Leave workspace"
      description={
        <span className="[overflow-wrap:anywhere]">
          You lose access to {workspace}: its keys, usage and logs. The keys you created keep working. To come
          back, an admin must invite you again.
        </span>
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={leave.isPending}
            onClick={() => leave.mutate(undefined, { onSuccess: goHome })}
          >
            {leave.isPending ? "Leaving…" : "Leave workspace"}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">You stay signed in; your other workspaces are unchanged.</p>
      {leave.isError && <Problem message={leave.error.message} />}
    </Dialog>
  );
}

export function DeleteWorkspaceDialog({
  workspace,
  members,
  onClose,
}: {
  workspace: string;
  members: number;
  onClose: () => void;
}) {
  const { remove } = useWorkspaceMutations();
  const [typed, setTyped] = useState("");
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const secret = String(new FormData(event.currentTarget).get("secret") ?? "");
    remove.mutate({ confirm: typed, ...proofOf(secret) }, { onSuccess: goHome });
  };
  return (
    <Dialog
      open
      onDismiss={onClose}
      title="Delete workspace"
      description={
        <span className="[overflow-wrap:anywhere]">
          {workspace} is deleted for everyone. This cannot be undone.
        </span>
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="delete-workspace-form"
            variant="danger"
            disabled={remove.isPending || typed.trim() !== workspace}
          >
            {remove.isPending ? "Deleting…" : "Delete workspace"}
          </Button>
        </>
      }
    >
      <form id="delete-workspace-form" onSubmit={submit} className="space-y-4">
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>Every API key is revoked: requests with them get 401 at once.</li>
          <li>Connected apps are disconnected and webhooks stop.</li>
          <li>
            {members === 1
              ? "Its only member, you, is removed and emailed."
              : `All ${members} members are removed and emailed.`}
          </li>
        </ul>
        <Field
          label={`Type ${workspace} to confirm`}
          name="confirm"
          autoComplete="off"
          required
          maxLength={200}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          data-autofocus
        />
        <ProofField />
        {remove.isError && <Problem message={remove.error.message} />}
      </form>
    </Dialog>
  );
}

export function CreateWorkspaceDialog({ onClose }: { onClose: () => void }) {
  const { create } = useWorkspaceMutations();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "");
    create.mutate(
      { name },
      {
        // A full page load into the new workspace, as the workspace menu's links do.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        onSuccess: (made) => window.location.assign(`/dashboard/members?w=${encodeURIComponent(made.id)}`),
      },
    );
  };
  return (
    <Dialog
      open
      onDismiss={onClose}
      title="New workspace"
      description="A workspace for a team: its own keys, usage, webhooks and members. You are its owner."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="create-workspace-form" disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create workspace"}
          </Button>
        </>
      }
    >
      <form id="create-workspace-form" onSubmit={submit} className="space-y-4">
        <Field
          label="Name"
          name="name"
          required
          maxLength={WORKSPACE_NAME_MAX}
          autoComplete="off"
          data-autofocus
        />
        {create.isError && <Problem message={create.error.message} />}
      </form>
    </Dialog>
  );
}
