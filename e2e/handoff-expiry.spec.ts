import { expect, test, type BrowserContext } from "@playwright/test";
import {
  approvalForm,
  approve,
  decide,
  signIn,
  startHandoffApp,
  startSession,
  token,
} from "./support/handoff";

// Lifetimes and the start rate limit, on a dedicated server with short configured lifetimes
// (code 1 s, session 4 s) instead of long sleeps, and a start limit of 5 per minute.
test.describe.configure({ mode: "serial" });

let env: Awaited<ReturnType<typeof startHandoffApp>>;
let alice: BrowserContext;
test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  env = await startHandoffApp({
    HANDOFF_CODE_TTL_SECONDS: "1",
    HANDOFF_SESSION_TTL_SECONDS: "4",
    HANDOFF_START_LIMIT_PER_MINUTE: "5",
  });
  alice = await browser.newContext();
  await signIn(alice, env.base, env.users.alice.email);
});
test.afterAll(async () => {
  await alice?.close();
  await env?.app.stop();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("an expired authorization code is refused (exchange: invalid_grant, poll: expired_token)", async ({
  request,
}) => {
  const s = await startSession(request, env.base);
  expect(s.expires_in).toBe(4);
  const code = await approve(alice, env.base, s.verification_url);
  await pause(1_300);
  const res = await token(request, env.base, { code, code_verifier: s.verifier });
  expect(res.status()).toBe(400);
  expect((await res.json()).error).toMatchObject({
    code: "invalid_grant",
    message: expect.stringContaining("expired"),
  });

  const p = await startSession(request, env.base);
  await approve(alice, env.base, p.verification_url);
  await pause(1_300);
  const poll = await token(request, env.base, { session_id: p.session_id, code_verifier: p.verifier });
  expect((await poll.json()).error.code).toBe("expired_token");
});

test("a session nobody approved expires: expired_token, and the page no longer offers approval", async ({
  request,
}) => {
  const s = await startSession(request, env.base);
  const form = await approvalForm(alice, s.verification_url);
  await pause(4_300);
  const poll = await token(request, env.base, { session_id: s.session_id, code_verifier: s.verifier });
  expect((await poll.json()).error.code).toBe("expired_token");
  const late = await decide(alice, env.base, { ...form, decision: "approve", environment: "test" });
  expect(late.status()).toBe(409);
  expect(await late.text()).toContain("expired");
  const page = await alice.newPage();
  await page.goto(s.verification_url);
  await expect(page.getByText("This request has expired")).toBeVisible();
  await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await page.close();
});

test("session starts are rate-limited per client address", async ({ request }) => {
  const body = {
    code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    code_challenge_method: "S256",
    client_name: "flood",
  };
  const from = (ip: string) =>
    request.post(`${env.base}/api/agent/sessions`, { data: body, headers: { "X-Forwarded-For": ip } });
  for (let i = 0; i < 5; i++) expect((await from("198.51.100.7")).status()).toBe(200);
  const limited = await from("198.51.100.7");
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
  expect((await limited.json()).error.code).toBe("rate_limited");
  expect((await from("198.51.100.8")).status()).toBe(200);
});
