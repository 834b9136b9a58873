import type { Metadata } from "next";
import { headers } from "next/headers";
import { csrfTokenFor } from "@/lib/auth/csrf";
import { requireUser } from "@/lib/auth/session";
import { db } from "@/lib/platform/db";
import { isScope, READ_SCOPES, type Scope } from "@/lib/keys/scope-names";
import { openedInThisBrowser } from "@/lib/oauth/binding";
import { consentClosed } from "@/lib/oauth/consent";
import { clientById, grantById } from "@/lib/oauth/store";
import { ConsentShell, KeyConsentForm } from "@/components/consent/KeyConsentForm";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Connect an app" };

const GRANT_ID = /^og_[0-9A-Za-z]{32}$/;

function hostOf(uri: string): { host: string; loopback: boolean; https: boolean } {
  const u = new URL(uri);
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(u.hostname);
  return { host: u.host || `${u.protocol}//`, loopback, https: u.protocol === "https:" };
}

/**
 * OAuth consent for an MCP client (GET /oauth/authorize sends the browser here): the signed-in
 * user sees who asks (name and URI as the client registered them: unverified), where the code
 * goes, and picks scopes, environment and expiry of the key the connection acts as.
 */
export default async function ConsentPage({ searchParams }: { searchParams: Promise<{ request?: string }> }) {
  const { request = "" } = await searchParams;
  const id = GRANT_ID.test(request) ? request : "";
  const user = await requireUser(`/oauth/consent?request=${encodeURIComponent(id)}`);
  // A request opened in another browser is no request here (lib/oauth/binding.ts).
  const bound = id !== "" && openedInThisBrowser(id, (await headers()).get("cookie"));
  const grant = bound ? await grantById(db, id) : null;
  const closed = consentClosed(grant);
  if (closed || !grant)
    return (
      <ConsentShell title="Nothing to approve">
        <p className="mt-4 text-slate-700">{closed}</p>
      </ConsentShell>
    );
  const client = await clientById(db, grant.clientId);
  if (!client)
    return (
      <ConsentShell title="Nothing to approve">
        <p className="mt-4 text-slate-700">The client is no longer registered.</p>
      </ConsentShell>
    );
  const redirect = hostOf(grant.redirectUri);
  const clientHost = client.uri ? new URL(client.uri).host : null;
  const hostMismatch = clientHost !== null && !redirect.loopback && clientHost !== redirect.host;
  const asked = grant.requestedScopes.split(" ").filter((s): s is Scope => isScope(s) && s !== "ingest");
  const preselected = asked.length ? asked : [...READ_SCOPES];
  return (
    <ConsentShell title="Connect an app to Statline">
      <div
        role="alert"
        className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
      >
        Approve only if <strong>you just asked this app to connect</strong>. It will read Statline data as a
        new API key of your account (its rate limit and quota are your account&apos;s) until you disconnect it
        under Connected apps on your account page.
      </div>
      {hostMismatch ? (
        <div
          role="alert"
          data-testid="host-mismatch"
          className="mt-4 rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900"
        >
          The code goes to <span className="font-mono">{redirect.host}</span>, not to the app&apos;s own site
          (<span className="font-mono">{clientHost}</span>). Deny unless you know why.
        </div>
      ) : null}
      <dl className="mt-6 grid grid-cols-[minmax(0,10rem)_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm [&_dd]:[overflow-wrap:anywhere]">
        <dt className="text-slate-500">App (unverified)</dt>
        <dd>
          <q data-testid="client-name">{client.name}</q>
          <span className="block text-xs text-slate-500">
            Name the app registered itself with, not checked by Statline: anyone can claim any name.
          </span>
        </dd>
        {client.id.startsWith("https://") ? (
          <>
            <dt className="text-slate-500">Client ID</dt>
            <dd className="font-mono" data-testid="client-id">
              {client.id}
              <span className="block font-sans text-xs text-slate-500">
                A metadata document at this address describes the app: it is run by {new URL(client.id).host}.
              </span>
            </dd>
          </>
        ) : null}
        <dt className="text-slate-500">App website (unverified)</dt>
        <dd className="font-mono" data-testid="client-uri">
          {client.uri ?? "none given"}
        </dd>
        <dt className="text-slate-500">Sends you back to</dt>
        <dd data-testid="redirect-host">
          <span className="font-mono">{redirect.host}</span>
          <span className="block text-xs text-slate-500">
            {redirect.loopback
              ? "A program on your own computer (loopback address)."
              : redirect.https
                ? "A website (https)."
                : "An app installed on your computer (custom scheme)."}
          </span>
        </dd>
        <dt className="text-slate-500">Access</dt>
        <dd>Read-only, through Statline&apos;s MCP tools at {grant.resource}</dd>
        <dt className="text-slate-500">Account</dt>
        <dd>{user.email}</dd>
      </dl>
      <KeyConsentForm
        action="/api/oauth/consent"
        target={["request", grant.id]}
        csrfToken={csrfTokenFor(user.id)}
        environmentLegend="Environment"
        scopesLegend="What the app may read"
        preselected={preselected}
        expiryLabel="Connection expires"
        defaultExpiry="30"
      />
    </ConsentShell>
  );
}
