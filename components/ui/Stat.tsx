import Link from "next/link";
import type { ReactNode } from "react";
import { focusRing } from "./Button";

/** A figure; with `href` the figure links to the rows behind it (e.g. errors -> Logs). */
export function Stat({
  label,
  value,
  hint,
  href,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  href?: string;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-sm">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums tracking-tight text-slate-900">
        {href ? (
          <Link
            href={href}
            className={`rounded underline decoration-slate-300 underline-offset-4 hover:decoration-emerald-600 ${focusRing}`}
            aria-label={`${label}: ${typeof value === "string" ? value : ""}, view in Logs`}
          >
            {value}
          </Link>
        ) : (
          value
        )}
      </dd>
      {hint && <dd className="mt-0.5 text-xs text-slate-500">{hint}</dd>}
    </div>
  );
}
