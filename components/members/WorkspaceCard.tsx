"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent, type ReactNode } from "react";
import type { MembersPage } from "../hooks/useMembersQuery";
import { useWorkspaceMutations } from "../hooks/useWorkspaceMutations";
import { can } from "@/lib/workspaces/permissions";
import { WORKSPACE_NAME_MAX } from "@/lib/workspaces/limits";
import { Button } from "../ui/Button";
import { Card, CardHeader } from "../ui/Card";
import {
  CreateWorkspaceDialog,
  DeleteWorkspaceDialog,
  LeaveDialog,
  TransferDialog,
} from "./WorkspaceDialogs";

type Open = "transfer" | "leave" | "delete" | "create" | null;

const Row = ({ title, text, children }: { title: string; text: string; children: ReactNode }) => (
  <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-4">
    <div className="min-w-0 flex-1 basis-60">
      <h3 className="text-sm font-medium text-slate-900">{title}</h3>
      <p className="mt-0.5 text-sm text-slate-600 [overflow-wrap:anywhere]">{text}</p>
    </div>
    {children}
  </div>
);

/**
 * The workspace's life, on Members: rename (owners and admins), transfer and delete (owners),
 * leave (anyone but the last owner), and a new workspace. Each action the role cannot take says
 * who can, instead of a button that would be refused.
 */
export function WorkspaceCard({ page }: { page: MembersPage }) {
  const { rename } = useWorkspaceMutations();
  const router = useRouter();
  const [open, setOpen] = useState<Open>(null);
  const [saved, setSaved] = useState("");
  const role = page.you.role;
  const ws = page.workspace;
  const owners = page.members.filter((m) => m.role === "owner").length;
  const lastOwner = role === "owner" && owners <= 1;
  const others = page.members.filter((m) => m.userId !== page.you.userId);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "");
    setSaved("");
    rename.mutate(
      { name },
      {
        onSuccess: (r) => {
          setSaved(`Renamed to ${r.name}.`);
          // The workspace menu shows the name from the server: render the frame again.
          router.refresh();
        },
      },
    );
  };
  return (
    <Card>
      <CardHeader title="Workspace" description="Its name, who owns it, and leaving or deleting it." />
      <div className="divide-y divide-slate-100">
        {can(role, "workspace.rename").ok ? (
          <form onSubmit={submit} className="flex flex-wrap items-end gap-3 px-5 py-4">
            <div className="min-w-0 flex-1 basis-60">
              <label htmlFor="workspace-name" className="block text-sm font-medium text-slate-900">
                Name
              </label>
              <input
                id="workspace-name"
                name="name"
                key={ws.name}
                defaultValue={ws.name}
                required
                maxLength={WORKSPACE_NAME_MAX}
                autoComplete="off"
                className="mt-1.5 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/25"
              />
            </div>
            <Button type="submit" variant="secondary" disabled={rename.isPending}>
              {rename.isPending ? "Saving…" : "Rename"}
            </Button>
            <div className="w-full text-sm" aria-live="polite">
              {rename.isError ? (
                <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-700">
                  {rename.error.message}
                </p>
              ) : (
                saved && <p className="text-emerald-800">{saved}</p>
              )}
            </div>
          </form>
        ) : (
          <Row title="Name" text={`${ws.name}. Owners and admins can rename it.`}>
            {null}
          </Row>
        )}
        <Row
          title="Transfer ownership"
          text={
            role !== "owner"
              ? "Only an owner can hand the workspace over."
              : others.length === 0
                ? "Invite a member first: ownership goes to another member."
                : "Make another member the owner; you stay as an admin."
          }
        >
          {role === "owner" && others.length > 0 && (
            <Button variant="secondary" onClick={() => setOpen("transfer")}>
              Transfer ownership
            </Button>
          )}
        </Row>
        <Row
          title="Leave workspace"
          text={
            lastOwner
              ? "You are its only owner: transfer ownership first."
              : "You lose access; the keys you created keep working."
          }
        >
          {!lastOwner && (
            <Button variant="dangerGhost" onClick={() => setOpen("leave")}>
              Leave workspace
            </Button>
          )}
        </Row>
        <Row
          title="Delete workspace"
          text={
            ws.homeOf
              ? `This is the workspace created with ${ws.homeOf}'s account; it cannot be deleted.`
              : role !== "owner"
                ? "Only an owner can delete the workspace."
                : "Revokes every key, stops webhooks and removes every member."
          }
        >
          {!ws.homeOf && role === "owner" && (
            <Button variant="danger" onClick={() => setOpen("delete")}>
              Delete workspace
            </Button>
          )}
        </Row>
        <Row
          title="New workspace"
          text="A separate workspace for a team or a project, with you as its owner."
        >
          <Button variant="secondary" onClick={() => setOpen("create")}>
            New workspace
          </Button>
        </Row>
      </div>
      {open === "transfer" && (
        <TransferDialog workspace={ws.name} candidates={others} onClose={() => setOpen(null)} />
      )}
      {open === "leave" && <LeaveDialog workspace={ws.name} onClose={() => setOpen(null)} />}
      {open === "delete" && (
        <DeleteWorkspaceDialog
          workspace={ws.name}
          members={page.members.length}
          onClose={() => setOpen(null)}
        />
      )}
      {open === "create" && <CreateWorkspaceDialog onClose={() => setOpen(null)} />}
    </Card>
  );
}
