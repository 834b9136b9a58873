import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Page not found" };

/** Unknown pages: branded, with the ways back (API paths answer in JSON instead). */
export default function NotFound() {
  return (
    <main className="mx-auto max-w-xl px-6 py-16">
      <p className="text-sm font-semibold uppercase tracking-wide text-emerald-800">Statline</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Page not found</h1>
      <p className="mt-3 text-slate-700">
        There is no page at this address. It may have moved, or the link is mistyped.
      </p>
      <nav aria-label="Ways back" className="mt-6 flex flex-wrap gap-3">
        <Link
          className="rounded-md bg-emerald-800 px-4 py-2 font-medium text-white hover:bg-emerald-900"
          href="/"
        >
          Home
        </Link>
        <Link className="rounded-md border border-slate-300 px-4 py-2 font-medium" href="/dashboard">
          Dashboard
        </Link>
        <Link className="rounded-md border border-slate-300 px-4 py-2 font-medium" href="/docs">
          API reference
        </Link>
      </nav>
    </main>
  );
}
