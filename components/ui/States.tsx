"use client";

import type { ReactNode } from "react";
import { ApiRequestError } from "../hooks/useApi";
import { Button } from "./Button";
import { AlertIcon, RefreshIcon, ShieldIcon } from "./icons";

export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center px-6 py-14 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700 ring-8 ring-emerald-50/50">
        {icon}
      </div>
      {/* h2: most empty states sit right under the page's h1 (an h3 skipped a level). */}
      <h2 className="mt-4 text-base font-semibold text-slate-900">{title}</h2>
      {children && <div className="mt-1 max-w-md text-sm text-slate-600">{children}</div>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}

const ROLE_NOUN = { owner: "an owner", admin: "an admin", developer: "a developer", viewer: "a viewer" };

/**
 * A page or part the member's role may not use, said plainly instead of an error: which role the
 * member has, what the page would show, and who can (the server refuses with 403 all the same).
 */
export function RoleNotice({
  role,
  what,
  who,
  children,
}: {
  role: keyof typeof ROLE_NOUN;
  /** What the member cannot do, e.g. "read the audit log". */
  what: string;
  /** Who can, e.g. "Admins and owners". */
  who: string;
  children?: ReactNode;
}) {
  return (
    <EmptyState icon={<ShieldIcon width={22} height={22} />} title={`${who} only`}>
      <p>
        As {ROLE_NOUN[role]} of this workspace you cannot {what}. {children}
      </p>
    </EmptyState>
  );
}

export function ErrorState({ error, onRetry, what }: { error: unknown; onRetry: () => void; what: string }) {
  const message = error instanceof ApiRequestError ? error.message : "Something went wrong.";
  return (
    <div role="alert" className="flex flex-col items-center px-6 py-12 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
        <AlertIcon width={22} height={22} />
      </div>
      <h2 className="mt-4 text-base font-semibold text-slate-900">Couldn’t load {what}</h2>
      <p className="mt-1 max-w-md text-sm text-slate-600">{message}</p>
      <Button variant="secondary" className="mt-5" onClick={onRetry}>
        <RefreshIcon width={16} height={16} /> Try again
      </Button>
    </div>
  );
}

export function Skeleton({ className = "" }: { className?: string }) {
  return <div className={`animate-pulse rounded bg-slate-200/80 ${className}`} aria-hidden="true" />;
}
