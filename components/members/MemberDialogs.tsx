"use client";

import { useId, useState } from "react";
import type { Role } from "@/lib/workspaces/permissions";
import type { MemberView } from "@/lib/workspaces/store";
import { useMemberMutations } from "../hooks/useMembersQuery";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { RoleSelect } from "./RoleSelect";

const Problem = ({ message }: { message: string }) => (
  <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
    {message}
  </p>
);

/** Change one member's role; the server refuses escalation and demoting the last owner. */
export function ChangeRoleDialog({
  member,
  roles,
  onClose,
}: {
  member: MemberView;
  roles: Role[];
  onClose: () => void;
}) {
  const { changeRole } = useMemberMutations();
  const [role, setRole] = useState<Role>(member.role);
  return (
    <Dialog
      open
      onDismiss={onClose}
      title="Change role"
      description={<span className="[overflow-wrap:anywhere]">{member.email}</span>}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={changeRole.isPending || role === member.role}
            onClick={() => changeRole.mutate({ userId: member.userId, role }, { onSuccess: onClose })}
          >
            {changeRole.isPending ? "Saving…" : "Save role"}
          </Button>
        </>
      }
    >
      <RoleSelect
        value={role}
        onChange={setRole}
        roles={roles.includes(member.role) ? roles : [member.role, ...roles]}
      />
      {changeRole.isError && <Problem message={changeRole.error.message} />}
    </Dialog>
  );
}

/** Remove a member: their sessions end; their keys stay unless the remover ticks the box. */
export function RemoveMemberDialog({ member, onClose }: { member: MemberView; onClose: () => void }) {
  const { remove } = useMemberMutations();
  const [revokeKeys, setRevokeKeys] = useState(false);
  const boxId = useId();
  return (
    <Dialog
      open
      onDismiss={onClose}
      title="Remove member"
      description={
        <span className="[overflow-wrap:anywhere]">
          {member.email} loses access to this workspace and is signed out at once.
        </span>
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() => remove.mutate({ userId: member.userId, revokeKeys }, { onSuccess: onClose })}
          >
            {remove.isPending ? "Removing…" : "Remove member"}
          </Button>
        </>
      }
    >
      <div className="flex items-start gap-2">
        <input
          id={boxId}
          type="checkbox"
          checked={revokeKeys}
          onChange={(e) => setRevokeKeys(e.target.checked)}
          className="mt-0.5 size-4 accent-red-600"
        />
        <label htmlFor={boxId} className="text-sm text-slate-700">
          Also revoke the {member.keysCreated === 1 ? "key" : `${member.keysCreated} keys`} they created
          <span className="block text-xs text-slate-600">
            Unticked, their keys keep working and stay in the workspace.
          </span>
        </label>
      </div>
      {remove.isError && <Problem message={remove.error.message} />}
    </Dialog>
  );
}
