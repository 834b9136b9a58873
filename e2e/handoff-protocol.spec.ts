import { expect, test, type BrowserContext } from "@playwright/test";
import {
  approve,
  approvalForm,
  decide,
  expectKeyWorks,
  query,
  signIn,
  startHandoffApp,
  startSession,
  token,
} from "./support/handoff";

// Protocol edges of the agent handoff over real HTTP against `next start` (docs/agent-handoff.md).
test.describe.configure({ mode: "serial" });

let env: Awaited<ReturnType<typeof startHandoffApp>>;
let alice: BrowserContext;
test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  env = await startHandoffApp();
  alice = await browser.newContext();
  await signIn(alice, env.base, env.users.alice.email);
});
test.afterAll(async () => {
  await alice?.close();
  await env?.app.stop();
});

const WRONG = "x".repeat(43);
const sessionRow = (id: string) =>
  query<{ status: string; failedAttempts: number; pollInterval: number; accountId: string | null }>(
    env.databaseUrl,
    "SELECT status, failedAttempts, pollInterval, accountId FROM handoff_sessions WHERE id = ?",
    id,
  )[0];

test("start answers the codes and refuses plain, a missing challenge and malformed input", async ({
  request,
}) => {
  const s = await startSession(request, env.base, { key_name: "k" });
  expect(s.session_id).toMatch(/^hs_[0-9A-Za-z]{24}$/);
  expect(s.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
  expect(s.verification_url).toBe(`${env.base}/agent/${s.user_code}`);
  expect(s.expires_in).toBe(600);
  expect(s.interval).toBe(5);

  const challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";
  const refused: [Record<string, unknown> | string, RegExp][] = [
    [
      { code_challenge: challenge, code_challenge_method: "plain", client_name: "a" },
      /S256 \(plain is not accepted\)/,
    ],
    [{ code_challenge: challenge, client_name: "a" }, /code_challenge_method/],
    [{ code_challenge_method: "S256", client_name: "a" }, /code_challenge/],
    [{ code_challenge: "short", code_challenge_method: "S256", client_name: "a" }, /code_challenge/],
    [
      { code_challenge: challenge, code_challenge_method: "S256", client_name: "a", environment: "prod" },
      /environment/,
    ],
    [{ code_challenge: challenge, code_challenge_method: "S256", client_name: "a\u0007b" }, /client_name/],
    ["not json", /JSON object/],
  ];
  for (const [body, message] of refused) {
    const res = await request.post(
      `${env.base}/api/agent/sessions`,
      typeof body === "string"
        ? { data: body, headers: { "Content-Type": "application/json" } }
        : { data: body },
    );
    expect(res.status()).toBe(400);
    const { error } = await res.json();
    expect(error.code).toBe("invalid_request");
    expect(error.message).toMatch(message);
  }
});

test("redirect_uri must be a loopback IP literal on /callback", async ({ request }) => {
  for (const uri of [
    "http://evil.example:8080/callback",
    "http://localhost:8080/callback",
    "https://127.0.0.1:8080/callback",
    "http://127.0.0.1/callback",
    "http://127.0.0.1:8080/other",
    "http://127.0.0.1:8080/callback?next=x",
    "http://127.0.0.1:8080@evil.example/callback",
    "http://127.0.0.2:8080/callback",
    "http://127.0.0.1:99999/callback",
  ]) {
    const res = await request.post(`${env.base}/api/agent/sessions`, {
      data: {
        code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        code_challenge_method: "S256",
        client_name: "a",
        redirect_uri: uri,
      },
    });
    expect(res.status(), uri).toBe(400);
    expect((await res.json()).error).toMatchObject({
      code: "invalid_request",
      message: expect.stringContaining("redirect_uri"),
    });
  }
  await startSession(request, env.base, {
    redirect_uri: "http://127.0.0.1:8080/callback",
    state: "s".repeat(16),
  });
  await startSession(request, env.base, {
    redirect_uri: "http://[::1]:8080/callback",
    state: "s".repeat(16),
  });
});

test("a replayed code is refused and the key from its first use is revoked", async ({ request }) => {
  const s = await startSession(request, env.base, { key_name: "replayed agent" });
  const code = await approve(alice, env.base, s.verification_url);
  const first = await token(request, env.base, { code, code_verifier: s.verifier });
  expect(first.status()).toBe(200);
  expect(first.headers()["cache-control"]).toBe("no-store");
  const issued = await first.json();
  expect(issued).toMatchObject({
    name: "replayed agent",
    environment: "test",
    api_key: expect.stringMatching(/^sk_test_/),
  });
  await expectKeyWorks(request, env.base, issued.api_key);

  const second = await token(request, env.base, { code, code_verifier: s.verifier });
  expect(second.status()).toBe(400);
  expect((await second.json()).error).toMatchObject({
    code: "invalid_grant",
    message: expect.stringContaining("already used"),
  });
  await expect
    .poll(
      async () => {
        const res = await request.get(`${env.base}/v1/teams`, { headers: { "X-API-Key": issued.api_key } });
        return [res.status(), (await res.json()).error?.message];
      },
      { timeout: 10_000 },
    )
    .toEqual([401, "Invalid API key"]);
  expect(
    query(env.databaseUrl, "SELECT id FROM api_keys WHERE id = ? AND revokedAt IS NOT NULL", issued.key_id),
  ).toHaveLength(1);
  expect(
    query(
      env.databaseUrl,
      "SELECT id FROM audit_events WHERE action = 'handoff.replayed' AND targetId = ?",
      s.session_id,
    ),
  ).toHaveLength(1);
  // Polling the same session again is the same grant used twice: refused as well.
  const poll = await token(request, env.base, { session_id: s.session_id, code_verifier: s.verifier });
  expect((await poll.json()).error.code).toBe("invalid_grant");
});

test("a wrong verifier is refused, and five kill the session", async ({ request }) => {
  const a = await startSession(request, env.base);
  const codeA = await approve(alice, env.base, a.verification_url);
  const wrong = await token(request, env.base, { code: codeA, code_verifier: WRONG });
  expect(wrong.status()).toBe(400);
  expect((await wrong.json()).error).toEqual({
    code: "invalid_grant",
    message: "code_verifier does not match the code_challenge",
  });
  expect((await token(request, env.base, { code: codeA, code_verifier: a.verifier })).status()).toBe(200);

  const b = await startSession(request, env.base);
  const codeB = await approve(alice, env.base, b.verification_url);
  for (let i = 1; i <= 5; i++) {
    const res = await token(request, env.base, { code: codeB, code_verifier: WRONG });
    expect((await res.json()).error.message).toContain(i < 5 ? "does not match" : "cancelled");
  }
  const right = await token(request, env.base, { code: codeB, code_verifier: b.verifier });
  expect(right.status()).toBe(400);
  expect((await right.json()).error.code).toBe("invalid_grant");
  expect(sessionRow(b.session_id)).toMatchObject({ status: "dead", failedAttempts: 5 });

  // Poll mode: five wrong verifiers on a pending session kill it before anyone approves.
  const c = await startSession(request, env.base);
  for (let i = 0; i < 5; i++)
    await token(request, env.base, { session_id: c.session_id, code_verifier: WRONG });
  expect(sessionRow(c.session_id).status).toBe("dead");
  const page = await alice.newPage();
  await page.goto(c.verification_url);
  await expect(page.getByText("This request was cancelled.")).toBeVisible();
  await page.close();
});

test("polling faster than the interval answers slow_down and adds 5 s each time", async ({ request }) => {
  const s = await startSession(request, env.base);
  const poll = async () =>
    (await (await token(request, env.base, { session_id: s.session_id, code_verifier: s.verifier })).json())
      .error;
  expect(await poll()).toMatchObject({ code: "authorization_pending", interval: 5 });
  expect(await poll()).toMatchObject({ code: "slow_down", interval: 10 });
  expect(await poll()).toMatchObject({ code: "slow_down", interval: 15 });
  expect(sessionRow(s.session_id).pollInterval).toBe(15);
});

test("deny in the browser gives access_denied to the polling agent", async ({ request }) => {
  const s = await startSession(request, env.base);
  const page = await alice.newPage();
  await page.goto(s.verification_url);
  await page.getByRole("button", { name: "Deny" }).click();
  await expect(page.getByRole("heading", { name: "Request denied" })).toBeVisible();
  await page.close();
  const res = await token(request, env.base, { session_id: s.session_id, code_verifier: s.verifier });
  expect(res.status()).toBe(400);
  expect((await res.json()).error.code).toBe("access_denied");
  expect(sessionRow(s.session_id).status).toBe("denied");
});

test("a forged approval cannot approve a session; approval binds to the signed-in user", async ({
  browser,
  request,
}) => {
  const s = await startSession(request, env.base, { key_name: "forgery target" });
  const aliceForm = await approvalForm(alice, s.verification_url);
  expect(aliceForm.csrf_token).toHaveLength(64);
  const mallory = await browser.newContext();
  await signIn(mallory, env.base, env.users.mallory.email);
  const anonymous = await browser.newContext();

  const attempts: [
    BrowserContext,
    Record<string, string | string[]>,
    Record<string, string>,
    number,
    string,
  ][] = [
    [anonymous, { ...aliceForm, decision: "approve" }, { Origin: env.base }, 401, "Sign in first"],
    [
      mallory,
      { user_code: aliceForm.user_code, decision: "approve" },
      { Origin: env.base },
      403,
      "Missing or invalid CSRF token",
    ],
    [
      mallory,
      { ...aliceForm, decision: "approve" },
      { Origin: env.base },
      403,
      "Missing or invalid CSRF token",
    ],
    [
      alice,
      { ...aliceForm, decision: "approve" },
      { Origin: "http://evil.example" },
      403,
      "Cross-origin request refused",
    ],
    [
      alice,
      { ...aliceForm, decision: "approve" },
      { "Sec-Fetch-Site": "cross-site" },
      403,
      "Cross-site request refused",
    ],
  ];
  for (const [context, form, headers, status, message] of attempts) {
    const res = await decide(context, env.base, form, headers);
    expect(res.status()).toBe(status);
    expect(await res.text()).toContain(message);
  }

  // A real cross-origin page auto-submitting the form in Alice's browser, even with her token.
  const { createServer } = await import("node:http");
  const attacker = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html" });
    res.end(`<form id="f" method="post" action="${env.base}/api/agent/approve">
      <input name="csrf_token" value="${aliceForm.csrf_token}"><input name="user_code" value="${aliceForm.user_code}">
      <input name="decision" value="approve"><input name="environment" value="live"></form>
      <script>document.getElementById("f").submit()</script>`);
  });
  await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  const page = await alice.newPage();
  await page.goto(`http://127.0.0.1:${(attacker.address() as { port: number }).port}/`);
  await expect(page.getByRole("heading", { name: "Request refused" })).toBeVisible();
  await expect(page.getByText("Cross-site request refused")).toBeVisible();
  attacker.close();
  expect(sessionRow(s.session_id)).toMatchObject({ status: "pending", accountId: null });
  expect(
    query(
      env.databaseUrl,
      "SELECT id FROM audit_events WHERE action = 'handoff.approved' AND targetId = ?",
      s.session_id,
    ),
  ).toHaveLength(0);

  // The legitimate click by whoever is signed in binds the key to that user's account.
  await page.goto(s.verification_url);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("heading", { name: "Approved" })).toBeVisible();
  const issued = await (
    await token(request, env.base, { session_id: s.session_id, code_verifier: s.verifier })
  ).json();
  const [row] = query<{ accountId: string; createdById: string }>(
    env.databaseUrl,
    "SELECT accountId, createdById FROM api_keys WHERE id = ?",
    issued.key_id,
  );
  expect(row).toEqual({ accountId: env.users.alice.accountId, createdById: env.users.alice.id });
  await page.close();
  await mallory.close();
  await anonymous.close();
});

test("token requests with bad input get invalid_request, never a 500", async ({ request }) => {
  const s = await startSession(request, env.base);
  const cases: [Record<string, unknown>, string][] = [
    [{ code_verifier: s.verifier }, "invalid_request"],
    [{ code: "A".repeat(32), session_id: s.session_id, code_verifier: s.verifier }, "invalid_request"],
    [{ session_id: s.session_id, code_verifier: "short" }, "invalid_request"],
    [{ session_id: s.session_id }, "invalid_request"],
    [{ code: "A#".repeat(16), code_verifier: s.verifier }, "invalid_request"],
    [{ code: "A".repeat(32), code_verifier: s.verifier }, "invalid_grant"],
  ];
  for (const [data, code] of cases) {
    const res = await token(request, env.base, data);
    expect(res.status(), JSON.stringify(data)).toBe(400);
    expect((await res.json()).error.code).toBe(code);
  }
});
