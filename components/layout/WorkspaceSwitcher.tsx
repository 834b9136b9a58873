"use client";

import { useEffect, useId, useRef, useState } from "react";
import { focusRing } from "../ui/Button";

export interface WorkspaceOption {
  id: string;
  name: string;
  role: string;
}

/**
 * The workspace menu of the dashboard frame: a button naming the active workspace and the list of
 * the user's others. Each entry is a plain link (`/dashboard?w=<id>`): a full page load, so no
 * query cached for one workspace is shown in another.
 */
export function WorkspaceSwitcher({
  workspaces,
  active,
  className = "",
}: {
  workspaces: WorkspaceOption[];
  active: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const current = workspaces.find((w) => w.id === active);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  return (
    <div className={`relative ${className}`}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className={`flex w-full items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-left text-sm ${focusRing}`}
      >
        <span className="sr-only">Workspace: </span>
        <span className="min-w-0 flex-1 truncate font-medium text-slate-900" title={current?.name}>
          {current?.name ?? "Workspace"}
        </span>
        <span className="shrink-0 text-xs capitalize text-slate-600">{current?.role}</span>
        <span aria-hidden="true" className="text-slate-500">
          ▾
        </span>
      </button>
      {open && (
        <ul
          id={listId}
          aria-label="Switch workspace"
          className="absolute left-0 right-0 z-40 mt-1 max-h-72 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        >
          {workspaces.map((w) => (
            <li key={w.id}>
              <a
                href={`/dashboard?w=${encodeURIComponent(w.id)}`}
                aria-current={w.id === active ? "true" : undefined}
                className={`flex items-center gap-2 px-3 py-2 text-sm hover:bg-slate-100 ${focusRing} ${
                  w.id === active ? "bg-emerald-50 text-emerald-900" : "text-slate-700"
                }`}
              >
                <span className="min-w-0 flex-1 truncate" title={w.name}>
                  {w.name}
                </span>
                <span className="shrink-0 text-xs capitalize text-slate-600">{w.role}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
