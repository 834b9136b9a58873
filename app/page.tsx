import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { CopyButton } from "@/components/ui/CopyButton";
import { instanceBaseUrl } from "@/lib/auth/origin";

const areas = [
  ["Competitions & editions", "Leagues and cups with their seasons."],
  ["Contests", "Fixtures and results with status, kickoff, round and scores."],
  ["Persons & teams", "Players and squads, searchable and paged."],
  ["Standings", "League tables kept in step with results."],
  ["Odds history", "Every price move per bookmaker and market, cursor-paged."],
  ["Stat-board", "Ranked goals, assists, minutes, aces and more."],
];

const secondary =
  "rounded-md border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600";

/**
 * The card a link to this instance shows (public/social-card.png, made by `npm run social-card`),
 * at the instance's own address: crawlers need an absolute URL.
 */
export async function generateMetadata(): Promise<Metadata> {
  const requestHeaders = await headers();
  const base = instanceBaseUrl((name) => requestHeaders.get(name));
  const title = "Statline: sports statistics, one versioned JSON API";
  const description =
    "Competitions, contests, persons, teams, standings and odds history over a metered /v1 JSON API you host.";
  const image = { url: `${base}/social-card.png`, width: 1200, height: 630, alt: "Statline" };
  return {
    openGraph: { title, description, url: base, siteName: "Statline", type: "website", images: [image] },
    twitter: { card: "summary_large_image", title, description, images: [image] },
  };
}

// Links without prefetch: on a phone all of them are in the first screen, and prefetching their
// routes (data and script) on load added 6 fetches to the page's start (Lighthouse).
export default async function HomePage() {
  // The curl names this instance's own address (the configured public URL, else the request's host).
  const requestHeaders = await headers();
  const base = instanceBaseUrl((name) => requestHeaders.get(name));
  const curl = `curl -H "X-API-Key: $STATLINE_API_KEY" ${base}/v1/competitions`;
  return (
    <main className="mx-auto max-w-5xl px-6 py-16">
      <p className="text-sm font-semibold uppercase tracking-wide text-emerald-700">Statline</p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight">Sports statistics, one versioned JSON API.</h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-600">
        Statline serves competitions, contests, persons, teams, rosters, standings, odds history and an
        analysis stat-board over <code className="rounded bg-slate-200 px-1">/v1</code>. Every request carries
        an API key and is metered per key. Run it yourself on SQLite, or scale out on PostgreSQL and Redis.
      </p>
      <nav className="mt-8 flex flex-wrap gap-3" aria-label="Primary">
        <Link
          prefetch={false}
          href="/signup"
          className="rounded-md bg-emerald-700 px-4 py-2 font-medium text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
        >
          Sign up
        </Link>
        <Link prefetch={false} href="/signin" className={secondary}>
          Sign in
        </Link>
        <Link prefetch={false} href="/dashboard" className={secondary}>
          Dashboard
        </Link>
        {/* A route handler's page, not a Next page: a Link would prefetch it as one on load. */}
        <a href="/docs" className={secondary}>
          API docs
        </a>
      </nav>
      <section className="mt-14 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Data areas">
        {areas.map(([title, text]) => (
          <div key={title} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
            <h2 className="font-semibold">{title}</h2>
            <p className="mt-1 text-sm text-slate-600">{text}</p>
          </div>
        ))}
      </section>
      <section className="mt-14" aria-labelledby="first-call">
        <h2 id="first-call" className="font-semibold">
          Your first call
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          <Link
            prefetch={false}
            href="/signup"
            className="font-medium text-emerald-700 underline-offset-2 hover:underline"
          >
            Sign up
          </Link>
          , create a key on the dashboard&apos;s Overview (it gives you the <code>export</code> line), then:
        </p>
        {/* Wraps instead of scrolling: a scroll region would need to be focusable (axe). */}
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start rounded-lg bg-slate-900 p-4">
          <pre className="order-2 min-w-0 flex-1 sm:order-1 whitespace-pre-wrap py-1 text-sm text-slate-100 [overflow-wrap:anywhere]">
            <code data-testid="home-curl">{curl}</code>
          </pre>
          <CopyButton text={curl} size="sm" variant="dark" className="order-1 self-end sm:order-2" />
        </div>
      </section>
    </main>
  );
}
