import type { ReactNode } from "react";

const TONES = {
  green: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  amber: "bg-amber-50 text-amber-800 ring-amber-600/25",
  red: "bg-red-50 text-red-700 ring-red-600/20",
  blue: "bg-sky-50 text-sky-800 ring-sky-600/20",
  violet: "bg-violet-50 text-violet-800 ring-violet-600/20",
  gray: "bg-slate-100 text-slate-700 ring-slate-500/20",
} as const;

export type Tone = keyof typeof TONES;

export function Badge({
  tone = "gray",
  children,
  dot = false,
}: {
  tone?: Tone;
  children: ReactNode;
  dot?: boolean;
}) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[tone]}`}
    >
      {dot && <span className="size-1.5 rounded-full bg-current" aria-hidden="true" />}
      {children}
    </span>
  );
}

export function EnvironmentBadge({ environment }: { environment: string }) {
  return environment === "live" ? <Badge tone="violet">Live</Badge> : <Badge tone="amber">Test</Badge>;
}
