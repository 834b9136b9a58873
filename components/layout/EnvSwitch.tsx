"use client";

import Link from "next/link";
import { useEnvironment, useSwitchHref, type DashboardEnvironment } from "../hooks/useEnvironment";
import { focusRing } from "../ui/Button";

const OPTIONS: { env: DashboardEnvironment; label: string }[] = [
  { env: "test", label: "Test" },
  { env: "live", label: "Live" },
];

/** Stripe-style switch: which keys, usage, logs and quick start the dashboard shows. */
export function EnvSwitch({ className = "" }: { className?: string }) {
  const env = useEnvironment();
  const hrefFor = useSwitchHref();
  return (
    <nav aria-label="Environment" className={className}>
      <ul className="inline-flex w-full rounded-md border border-slate-300 bg-white p-0.5 shadow-sm">
        {OPTIONS.map((o) => {
          const active = o.env === env;
          return (
            <li key={o.env} className="flex-1">
              <Link
                prefetch={false}
                href={hrefFor(o.env)}
                aria-current={active ? "page" : undefined}
                data-env={o.env}
                // At least 28 px tall (WCAG 2.5.8 asks 24 × 24): the text alone made a 17 px target.
                className={`flex min-h-7 items-center justify-center rounded px-3 py-1 text-center text-sm font-medium ${focusRing} ${
                  active
                    ? o.env === "test"
                      ? "bg-amber-100 text-amber-900"
                      : "bg-emerald-700 text-white"
                    : "text-slate-600 hover:bg-slate-100"
                }`}
              >
                {o.label}
                <span className="sr-only"> data</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
