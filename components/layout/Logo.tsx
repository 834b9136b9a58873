import Link from "next/link";

export function Logo({ href = "/" }: { href?: string }) {
  return (
    <Link
      prefetch={false}
      href={href}
      className="flex items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
    >
      <span
        className="flex size-7 items-center justify-center rounded-md bg-emerald-700 text-white shadow-sm"
        aria-hidden="true"
      >
        <svg
          viewBox="0 0 24 24"
          width={16}
          height={16}
          fill="none"
          stroke="currentColor"
          strokeWidth={2.4}
          strokeLinecap="round"
        >
          <path d="M4 17l5-6 4 3 7-9" />
        </svg>
      </span>
      <span className="text-[15px] font-semibold tracking-tight text-slate-900">Statline</span>
    </Link>
  );
}
