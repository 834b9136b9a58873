import { beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError } from "../platform/errors";
import { PageError } from "../consent/pages";
import { csrfTokenFor } from "./csrf";
import { route } from "./route";
import type { Member } from "../workspaces/member";

// route()'s session mode without a sign-in: the signed-in member is whoever this test says.
const signedIn: { user: Member | null } = { user: null };
vi.mock("../workspaces/member", () => ({ getMember: async () => signedIn.user }));

const alice: Member = {
  id: "u_alice",
  email: "alice@example.com",
  name: null,
  accountId: "a_alice",
  role: "owner",
  homeAccountId: "a_alice",
};
const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  new Request("http://127.0.0.1:3000/api/form", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", host: "127.0.0.1:3000", ...headers },
    body: new URLSearchParams(fields).toString(),
  });

beforeAll(() => {
  process.env.NEXTAUTH_SECRET ??= "test-secret-not-for-production-0123456789";
});

describe("route() for signed-in users: HTML forms and restricted routes", () => {
  const page = route(
    {
      auth: "session",
      access: { action: "self" },
      input: z.object({ decision: z.enum(["approve", "deny"]) }),
      body: "form",
      errors: "html",
      invalid: () => new PageError("INVALID_PARAMETER", "Bad request", "The form was incomplete."),
    },
    async ({ body }) => {
      if (body.decision === "deny") throw new PageError("CONFLICT", "Nothing to approve", "Already decided.");
      return new Response("approved", { headers: { "Content-Type": "text/plain" } });
    },
  );

  it("takes the CSRF token from the form's csrf_token field when the form cannot set a header", async () => {
    signedIn.user = alice;
    const res = await page(form({ csrf_token: csrfTokenFor(alice.id), decision: "approve" }));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("approved");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("answers every failure of an HTML route as a page with its status and heading", async () => {
    signedIn.user = alice;
    const forged = await page(form({ csrf_token: csrfTokenFor("u_mallory"), decision: "approve" }));
    expect(forged.status).toBe(403);
    expect(forged.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await forged.text()).toMatch(/<h1>Request refused<\/h1><p>Missing or invalid CSRF token/);
    const incomplete = await page(form({ csrf_token: csrfTokenFor(alice.id) }));
    expect(incomplete.status).toBe(400);
    expect(await incomplete.text()).toContain("<h1>Bad request</h1><p>The form was incomplete.</p>");
    const decided = await page(form({ csrf_token: csrfTokenFor(alice.id), decision: "deny" }));
    expect(decided.status).toBe(409);
    expect(await decided.text()).toContain("<h1>Nothing to approve</h1>");
    signedIn.user = null;
    const signedOut = await page(form({ decision: "approve" }));
    expect(signedOut.status).toBe(401);
    expect(await signedOut.text()).toContain('<a href="/signin">Sign in</a>');
  });

  it("refuses anyone but the allowed users with the route's refusal, before CSRF or input", async () => {
    const console = route(
      {
        auth: "session",
        access: { action: "self" },
        input: z.object({ plan: z.string() }),
        only: {
          allow: async (u) => u.id === "u_operator",
          refusal: () => new ApiError("NOT_FOUND", "Not found"),
        },
      },
      async ({ body }) => body.plan,
    );
    const post = (headers: Record<string, string> = {}) =>
      new Request("http://127.0.0.1:3000/api/operator/x", {
        method: "POST",
        headers: { "content-type": "application/json", host: "127.0.0.1:3000", ...headers },
        body: "{}",
      });
    for (const user of [null, alice]) {
      signedIn.user = user;
      const res = await console(post());
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: "NOT_FOUND", message: "Not found" } });
    }
    signedIn.user = { ...alice, id: "u_operator" };
    expect((await console(post())).status).toBe(403);
    const ok = await console(post({ "x-csrf-token": csrfTokenFor("u_operator") }));
    expect(ok.status).toBe(400);
  });
});
