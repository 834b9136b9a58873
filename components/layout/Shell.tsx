"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { focusRing } from "../ui/Button";
import { useAlertsQuery } from "../hooks/useAlertsQuery";
import {
  BellIcon,
  BoltIcon,
  BookIcon,
  ChartIcon,
  ExternalIcon,
  HomeIcon,
  KeyIcon,
  ListIcon,
  LogOutIcon,
  MenuIcon,
  SearchIcon,
  ShieldIcon,
  UsersIcon,
  XIcon,
} from "../ui/icons";
import { hrefInWorkspace, hrefWithEnv, useEnvironment, useWorkspaceId } from "../hooks/useEnvironment";
import { EnvSwitch } from "./EnvSwitch";
import { can, type Action } from "@/lib/workspaces/permissions";
import { useRole } from "../workspace";
import { Logo } from "./Logo";
import { WorkspaceSwitcher, type WorkspaceOption } from "./WorkspaceSwitcher";

interface NavItem {
  href: string;
  label: string;
  /** Shown only to roles that may do this (the page would answer 403 to the others). */
  needs?: Action;
  icon: (props: { className?: string }) => ReactNode;
}

const NAV: readonly NavItem[] = [
  { href: "/dashboard", label: "Overview", icon: HomeIcon },
  { href: "/dashboard/keys", label: "API keys", icon: KeyIcon },
  { href: "/dashboard/usage", label: "Usage", icon: ChartIcon },
  { href: "/dashboard/logs", label: "Logs", icon: SearchIcon },
  { href: "/dashboard/webhooks", label: "Webhooks", icon: BoltIcon },
  { href: "/dashboard/alerts", label: "Alerts", icon: BellIcon },
  { href: "/dashboard/audit", label: "Audit log", icon: ListIcon, needs: "audit.read" },
  { href: "/dashboard/members", label: "Members", icon: UsersIcon },
  { href: "/dashboard/account", label: "Account", icon: ShieldIcon },
];

/** The operator console's sections (app/operator). */
const OPERATOR_NAV: readonly NavItem[] = [
  { href: "/operator", label: "Accounts", icon: ShieldIcon },
  { href: "/operator/plans", label: "Plans", icon: ChartIcon },
  { href: "/operator/data", label: "Data", icon: ListIcon },
  { href: "/operator/system", label: "System", icon: BoltIcon },
  { href: "/dashboard", label: "Back to dashboard", icon: HomeIcon },
];

const CONSOLE_LINK: NavItem = { href: "/operator", label: "Operator console", icon: ShieldIcon };

const isRoot = (href: string) => href === "/dashboard" || href === "/operator";

function NavLinks({
  pathname,
  nav,
  env: withEnv,
}: {
  pathname: string;
  nav: readonly NavItem[];
  env: boolean;
}) {
  const env = useEnvironment();
  const workspace = useWorkspaceId();
  const role = useRole();
  const unread = useAlertsQuery().data?.unread ?? 0;
  const linkClass = (active: boolean) =>
    `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors ${focusRing} ${
      active ? "bg-emerald-50 text-emerald-800" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"
    }`;
  return (
    <ul className="space-y-1">
      {nav
        .filter((item) => !item.needs || can(role, item.needs).ok)
        .map(({ href, label, icon: Icon }) => {
          const active = isRoot(href)
            ? pathname === href || (href === "/operator" && pathname.startsWith("/operator/accounts"))
            : pathname.startsWith(href);
          return (
            <li key={href}>
              {/* No prefetch, here and in the frame's other links: every dashboard page renders per
                  request with its data, so a prefetch got only the route's frame, and the visible
                  links cost each page load 5 fetches and server renders on a phone (Lighthouse). */}
              <Link
                prefetch={false}
                href={withEnv ? hrefWithEnv(href, env, workspace) : href}
                aria-current={active ? "page" : undefined}
                className={linkClass(active)}
              >
                <Icon className={active ? "text-emerald-700" : "text-slate-400"} />
                {label}
                {href === "/dashboard/alerts" && unread > 0 && (
                  <span className="ml-auto rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
                    {unread > 99 ? "99+" : unread}
                    <span className="sr-only"> unread</span>
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      <li>
        <a href="/docs" className={linkClass(false)}>
          <BookIcon className="text-slate-400" />
          Docs
          <ExternalIcon width={14} height={14} className="ml-auto text-slate-400" />
        </a>
      </li>
    </ul>
  );
}

/** The narrow screens' bell: the unread count without opening the menu. */
function AlertsBell() {
  const unread = useAlertsQuery().data?.unread ?? 0;
  const workspace = useWorkspaceId();
  return (
    <Link
      prefetch={false}
      href={hrefInWorkspace("/dashboard/alerts", workspace)}
      aria-label={unread ? `Alerts, ${unread} unread` : "Alerts"}
      className={`relative mr-1 rounded-md p-2 text-slate-600 hover:bg-slate-100 ${focusRing}`}
    >
      <BellIcon />
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute right-0.5 top-0.5 rounded-full bg-red-600 px-1 text-[10px] font-semibold leading-4 text-white"
        >
          {unread > 9 ? "9+" : unread}
        </span>
      )}
    </Link>
  );
}

function UserBox({ email }: { email: string }) {
  return (
    <div className="border-t border-slate-200 p-3">
      <div className="flex items-center gap-3 px-2 py-1.5">
        <span
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-800 text-sm font-semibold uppercase text-white"
          aria-hidden="true"
        >
          {email.slice(0, 1)}
        </span>
        <span className="min-w-0 truncate text-sm text-slate-700" title={email}>
          {email}
        </span>
      </div>
      <button
        type="button"
        // redirect: false, then a relative navigation: the page's own host, whatever NEXTAUTH_URL says.
        // A full page load on purpose: it drops every cached query of the signed-out session.
        // next-auth's client (13 KiB of script on the wire) is fetched on click, not with every page.
        onClick={() =>
          import("next-auth/react")
            .then(({ signOut }) => signOut({ redirect: false }))
            // eslint-disable-next-line @next/next/no-location-assign-relative-destination
            .finally(() => window.location.assign("/signin"))
        }
        className={`mt-1 flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 ${focusRing}`}
      >
        <LogOutIcon className="text-slate-400" />
        Sign out
      </button>
    </div>
  );
}

/**
 * The dashboard frame: a sidebar on wide screens, a top bar with a menu on narrow ones. The
 * operator console passes its own sections (no environment switch: it sees every account).
 */
export function Shell({
  email,
  children,
  area = "dashboard",
  banner,
  operator = false,
  workspaces,
}: {
  email: string;
  /** The user's workspaces and the active one (the dashboard only). */
  workspaces?: { list: WorkspaceOption[]; active: string };
  children: ReactNode;
  area?: "dashboard" | "operator";
  /** Shown above every page (a suspended account's notice). */
  banner?: ReactNode;
  /** The user may open the operator console: the dashboard's menu links to it. */
  operator?: boolean;
}) {
  const withEnv = area === "dashboard";
  const nav = withEnv ? (operator ? [...NAV, CONSOLE_LINK] : NAV) : OPERATOR_NAV;
  const home = withEnv ? "/dashboard" : "/operator";
  const pathname = usePathname();
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [pathname]);
  // Escape closes the mobile menu and returns focus to its button (it ignored Escape).
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  return (
    <div className="min-h-screen lg:flex">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <aside className="hidden w-64 shrink-0 flex-col border-r border-slate-200 bg-white lg:sticky lg:top-0 lg:flex lg:h-screen">
        <div className="px-5 py-5">
          <Logo href={home} />
        </div>
        {workspaces && (
          <WorkspaceSwitcher workspaces={workspaces.list} active={workspaces.active} className="px-4 pb-3" />
        )}
        {withEnv && <EnvSwitch className="px-4 pb-4" />}
        <nav aria-label={withEnv ? "Dashboard" : "Operator console"} className="flex-1 px-3">
          <NavLinks pathname={pathname} nav={nav} env={withEnv} />
        </nav>
        <UserBox email={email} />
      </aside>

      <header className="sticky top-0 z-30 flex items-center justify-between border-b border-slate-200 bg-white/90 px-4 py-3 backdrop-blur lg:hidden">
        <Logo href={home} />
        {withEnv ? <EnvSwitch className="ml-auto mr-1 w-32" /> : <span className="ml-auto" />}
        <AlertsBell />
        <button
          ref={menuButton}
          type="button"
          aria-expanded={menuOpen}
          aria-controls="mobile-nav"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpen((o) => !o)}
          className={`rounded-md p-2 text-slate-600 hover:bg-slate-100 ${focusRing}`}
        >
          {menuOpen ? <XIcon /> : <MenuIcon />}
        </button>
      </header>
      {menuOpen && (
        <div id="mobile-nav" className="border-b border-slate-200 bg-white lg:hidden">
          {workspaces && (
            <WorkspaceSwitcher
              workspaces={workspaces.list}
              active={workspaces.active}
              className="px-3 pt-3"
            />
          )}
          <nav aria-label={withEnv ? "Dashboard" : "Operator console"} className="px-3 py-3">
            <NavLinks pathname={pathname} nav={nav} env={withEnv} />
          </nav>
          <UserBox email={email} />
        </div>
      )}

      <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-8 lg:py-10">
        <div className="mx-auto max-w-6xl">
          {banner}
          {children}
        </div>
      </main>
    </div>
  );
}
