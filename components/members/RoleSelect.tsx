"use client";

import { useId } from "react";
import type { Role } from "@/lib/workspaces/permissions";

export const ROLE_HINTS: Record<Role, string> = {
  owner: "Everything, including the plan and deleting the workspace",
  admin: "All keys, webhooks and members",
  developer: "Creates keys and manages the ones they created",
  viewer: "Sees usage, logs and keys; changes nothing",
};

/** A role picker with what each role may do, for the invite and change-role dialogs. */
export function RoleSelect({
  value,
  onChange,
  roles,
}: {
  value: Role;
  onChange: (role: Role) => void;
  roles: Role[];
}) {
  const id = useId();
  const hint = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Role
      </label>
      <select
        id={id}
        value={value}
        aria-describedby={hint}
        onChange={(e) => onChange(e.target.value as Role)}
        className="mt-1.5 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm capitalize shadow-sm focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/25"
      >
        {roles.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
      <p id={hint} className="mt-1 text-xs text-slate-600">
        {ROLE_HINTS[value]}
      </p>
    </div>
  );
}
