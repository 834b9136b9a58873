import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csrfTokenFor } from "../../lib/auth/csrf";
import { SignInClient } from "../accounts/support";
import { copyTemplateDb, startApp, type RunningApp } from "../support/app";
import { ensureTemplateDb } from "../support/template";
import { createUser } from "../support/users";

process.env.NEXTAUTH_SECRET ??= "test-secret-not-for-production-0123456789";

const PASSWORD = "violet tractor anthem 42";

// A workspace deleted through the dashboard's routes: its key, good a moment before, answers 401
// on /v1 at once; the typed name and the re-authentication are checked first.
describe("deleting a workspace over HTTP", () => {
  let app: RunningApp;
  let client: SignInClient;
  let userId: string;
  beforeAll(async () => {
    const databaseUrl = copyTemplateDb(ensureTemplateDb());
    userId = createUser(databaseUrl, "founder@life-http.example.com", PASSWORD).id;
    app = await startApp({ databaseUrl });
    client = new SignInClient(app.baseUrl);
    expect((await client.credentials("founder@life-http.example.com", PASSWORD)).status).toBe(200);
  }, 120_000);
  afterAll(() => app?.stop());

  const send = async (method: string, path: string, body: unknown, workspace?: string) => {
    const res = await client.request(path, {
      method,
      headers: {
        "content-type": "application/json",
        origin: app.baseUrl,
        "x-csrf-token": csrfTokenFor(userId),
        ...(workspace ? { "x-statline-workspace": workspace } : {}),
      },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      body: (await res.json()) as { data?: unknown; error?: { message: string } },
    };
  };
  const v1 = (key: string) => fetch(`${app.baseUrl}/v1/teams`, { headers: { "X-API-Key": key } });

  it("revokes the workspace's keys: 200 before, 401 after", async () => {
    const made = await send("POST", "/api/dashboard/workspaces", { name: "Short-lived team" });
    expect(made.status).toBe(201);
    const team = (made.body.data as { id: string }).id;
    const key = await send("POST", "/api/dashboard/keys", { name: "ci", environment: "test" }, team);
    expect(key.status).toBe(201);
    const secret = (key.body.data as { secret: string }).secret;
    expect((await v1(secret)).status).toBe(200);

    const wrongName = await send("POST", "/api/dashboard/workspace/delete", { confirm: "Short-lived" }, team);
    expect(wrongName).toMatchObject({
      status: 400,
      body: { error: { message: expect.stringContaining("type") } },
    });
    const wrongPassword = await send(
      "POST",
      "/api/dashboard/workspace/delete",
      { confirm: "Short-lived team", password: "not it" },
      team,
    );
    expect(wrongPassword).toMatchObject({
      status: 400,
      body: { error: { message: "That password is not correct" } },
    });
    expect((await v1(secret)).status).toBe(200);

    const deleted = await send(
      "POST",
      "/api/dashboard/workspace/delete",
      { confirm: "Short-lived team", password: PASSWORD },
      team,
    );
    expect(deleted).toMatchObject({ status: 200, body: { data: { keysRevoked: 1, membersRemoved: 1 } } });
    const after = await v1(secret);
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: { code: "UNAUTHORIZED", message: "Invalid API key" } });
    expect((await send("PATCH", "/api/dashboard/workspace", { name: "Back" }, team)).status).toBe(404);
  });
});
