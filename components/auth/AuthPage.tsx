import type { ReactNode } from "react";

/** The sign-in, sign-up, invitation, password-reset and email-verification pages' frame. */
export function AuthPage({
  title,
  lead,
  children,
  footer,
}: {
  title: ReactNode;
  /** The line under the title, if any. */
  lead?: ReactNode;
  /** The card: the page's form or its refusal. */
  children: ReactNode;
  /** The line under the card (a link elsewhere). */
  footer: ReactNode;
}) {
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 [overflow-wrap:anywhere]">
        {title}
      </h1>
      {lead && <p className="mt-1 text-sm text-slate-600 [overflow-wrap:anywhere]">{lead}</p>}
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">{children}</div>
      <p className="mt-6 text-center text-sm text-slate-600">{footer}</p>
    </>
  );
}

type Search = Record<string, string | string[] | undefined>;

/** An emailed link's ?token=, or null when it is missing, repeated or longer than `max`. */
export const linkToken = (q: Search, max: number): string | null =>
  typeof q.token === "string" && q.token.length <= max ? q.token : null;
