import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { csrfTokenFor } from "../../lib/auth/csrf";
import { createClient, type Db } from "../../lib/platform/db/client";
import { headId } from "../../lib/events/store";
import { createApiKey } from "../../lib/keys/service";
import { SignInClient } from "../accounts/support";
import { call } from "../support/api";
import { copyTemplateDb, startApp, type RunningApp } from "../support/app";
import { ensureTemplateDb } from "../support/template";
import { createUser } from "../support/users";

// The console's point adjustments and team aliases over real HTTP: the table is rebuilt, /v1
// answers change, the change feed gets standings.updated, every change is audited with the operator.
process.env.NEXTAUTH_SECRET ??= "test-secret-not-for-production-0123456789";

const password = "violet tractor anthem 42";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let url: string;
let db: Db;
let app: RunningApp;
let op: { client: SignInClient; id: string; accountId: string };
let key: string;
let target: {
  editionId: number;
  competition: string;
  edition: string;
  team: string;
  teamId: number;
  country: string | null;
};

type Json = { data?: Record<string, unknown>; error?: { code: string; message: string; field?: string } };

async function send(method: string, path: string, body?: unknown) {
  const res = await op.client.request(path, {
    method,
    headers: {
      "content-type": "application/json",
      origin: app.baseUrl,
      "x-csrf-token": csrfTokenFor(op.id),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text) as Json };
}

/** The target team's standings row as /v1 serves it. */
async function row() {
  const r = await call(app.baseUrl, `/v1/standings?edition=${target.editionId}`, { key });
  expect(r.status, r.text).toBe(200);
  const items = r.body.data.items as {
    team_id: string;
    points: number;
    points_adjustment: number;
    adjustment_note: string | null;
  }[];
  return items.find((i) => i.team_id === String(target.teamId))!;
}

/** Polls /v1 until `ok` holds (the data-changed signal reaches the response cache by polling). */
async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  const t0 = Date.now();
  let v = await read();
  while (!ok(v) && Date.now() - t0 < 5000) {
    await sleep(100);
    v = await read();
  }
  return v;
}

beforeAll(async () => {
  url = copyTemplateDb(ensureTemplateDb());
  db = createClient(url);
  app = await startApp({ databaseUrl: url });
  const made = createUser(url, "data-operator@example.com", password);
  op = { client: new SignInClient(app.baseUrl), ...made };
  expect((await op.client.credentials("data-operator@example.com", password)).status).toBe(200);
  await db.account.update({ where: { id: op.accountId }, data: { operator: true, plan: "unlimited" } });
  key = (await createApiKey(db, { accountId: op.accountId, name: "reader", environment: "live" })).key;
  const standing = await db.standing.findFirstOrThrow({
    where: { group: "" },
    orderBy: { id: "asc" },
    include: { team: true, edition: { include: { competition: true } } },
  });
  target = {
    editionId: standing.editionId,
    competition: standing.edition.competition.name,
    edition: standing.edition.name,
    team: standing.team.name,
    teamId: standing.teamId,
    country: standing.team.country,
  };
});

afterAll(async () => {
  await app?.stop();
  await db?.$disconnect();
});

describe("point adjustments in the console", () => {
  test("recording one rebuilds the table, reaches /v1 and the change feed, is audited; removing it restores", async () => {
    const before = await row();
    const head = await headId(db);
    const version = (await db.systemState.findUnique({ where: { key: "data_version" } }))?.value;
    const reason = "Console test deduction <b>not markup</b>";
    const r = await send("POST", "/api/operator/adjustments", {
      competition: target.competition,
      edition: target.edition,
      team: target.team,
      points: -3,
      reason,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data).toMatchObject({ change: "created", total: before.points_adjustment - 3 });
    const after = await eventually(row, (x) => x.points === before.points - 3);
    expect(after).toMatchObject({
      points: before.points - 3,
      points_adjustment: before.points_adjustment - 3,
    });
    expect(after.adjustment_note).toContain(`-3: ${reason}`);
    const changes = await db.change.findMany({ where: { id: { gt: head }, type: "standings.updated" } });
    expect(changes.length).toBeGreaterThan(0);
    expect((await db.systemState.findUnique({ where: { key: "data_version" } }))?.value).not.toBe(version);
    const audit = await db.auditEvent.findFirstOrThrow({
      where: { accountId: op.accountId, action: "standings.adjusted" },
    });
    expect(audit.actorUserId).toBe(op.id);
    expect(audit.detail).toContain(`${target.team} -3 (created`);
    expect(audit.detail).toContain("by data-operator@example.com");

    // The same team, edition and reason again with other points corrects it.
    const again = await send("POST", "/api/operator/adjustments", {
      competition: target.competition,
      edition: target.edition,
      team: target.team,
      points: -2,
      reason,
    });
    expect(again.json.data).toMatchObject({ change: "updated" });
    await eventually(row, (x) => x.points === before.points - 2);

    const list = await send("GET", "/api/operator/adjustments");
    const items = (list.json.data as { items: { id: number; reason: string; createdBy: string }[] }).items;
    const mine = items.find((i) => i.reason === reason)!;
    expect(mine.createdBy).toBe("data-operator@example.com");
    const page = await (await op.client.get("/operator/data")).text();
    expect(page).toContain("Console test deduction &lt;b&gt;not markup&lt;/b&gt;");

    const removed = await send("POST", `/api/operator/adjustments/${mine.id}/delete`, {});
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json.data).toMatchObject({ change: "removed", total: before.points_adjustment });
    expect(await eventually(row, (x) => x.points === before.points)).toMatchObject({
      points: before.points,
      points_adjustment: before.points_adjustment,
    });
    expect(await db.pointAdjustment.count({ where: { reason } })).toBe(0);
    expect(
      await db.auditEvent.count({ where: { accountId: op.accountId, action: "standings.adjusted" } }),
    ).toBe(3);
  });

  test("bad input is refused with the error body and changes nothing", async () => {
    const good = {
      competition: target.competition,
      edition: target.edition,
      team: target.team,
      points: -1,
      reason: "x",
    };
    const count = await db.pointAdjustment.count();
    const cases: [string, string, unknown, number, RegExp][] = [
      ["POST", "/api/operator/adjustments", { ...good, points: 0 }, 400, /^points: must not be 0/],
      ["POST", "/api/operator/adjustments", { ...good, points: 1.5 }, 400, /^points: must be a whole number/],
      ["POST", "/api/operator/adjustments", { ...good, points: "-1" }, 400, /^points: /],
      ["POST", "/api/operator/adjustments", { ...good, points: 10_000 }, 400, /^points: at most 9999/],
      ["POST", "/api/operator/adjustments", { ...good, reason: "   " }, 400, /^reason: is required/],
      [
        "POST",
        "/api/operator/adjustments",
        { ...good, reason: "r".repeat(301) },
        400,
        /^reason: at most 300/,
      ],
      ["POST", "/api/operator/adjustments", { ...good, extra: 1 }, 400, /extra/],
      ["POST", "/api/operator/adjustments", [], 400, /expected object/],
      [
        "POST",
        "/api/operator/adjustments",
        { ...good, competition: "No Such League" },
        404,
        /^no competition/,
      ],
      [
        "POST",
        "/api/operator/adjustments",
        { ...good, edition: "1888/89" },
        404,
        /has no edition "1888\/89"/,
      ],
      [
        "POST",
        "/api/operator/adjustments",
        { ...good, team: `${target.team}x` },
        404,
        /^no team .*did you mean/,
      ],
      ["POST", "/api/operator/adjustments/abc/delete", {}, 404, /^Adjustment not found$/],
      ["POST", "/api/operator/adjustments/999999/delete", {}, 404, /^Adjustment 999999 not found$/],
      ["POST", "/api/operator/aliases", { team: "Nonexistent Rovers", alias: "NR" }, 404, /^No team/],
      ["POST", "/api/operator/aliases", { team: target.team, alias: "!!!" }, 400, /no letters or digits/],
      ["POST", "/api/operator/aliases", { team: target.team }, 400, /^alias: /],
      ["POST", "/api/operator/aliases/0/delete", {}, 404, /^Alias not found$/],
    ];
    for (const [method, path, body, status, message] of cases) {
      const r = await send(method, path, body);
      expect(r.status, `${path} ${JSON.stringify(body)}: ${r.text}`).toBe(status);
      expect(Object.keys(r.json)).toEqual(["error"]);
      // A refusal of one input names it in `field` and says what is wrong in `message`.
      const { field, ...rest } = r.json.error!;
      expect(Object.keys(rest).sort()).toEqual(["code", "message"]);
      expect(r.json.error!.code).toBe(status === 400 ? "INVALID_PARAMETER" : "NOT_FOUND");
      expect(field ? `${field}: ${rest.message}` : rest.message, path).toMatch(message);
    }
    expect(await db.pointAdjustment.count()).toBe(count);
  });
});

describe("team aliases in the console", () => {
  const importCsv = (name: string, home: string) =>
    op.client.request(
      `/api/operator/import?name=${name}&competition=Alias%20Test%20League&edition=2099%2F00&createTeams=1`,
      {
        method: "POST",
        headers: { "x-csrf-token": csrfTokenFor(op.id), origin: app.baseUrl },
        body: `Div,Date,HomeTeam,AwayTeam,FTHG,FTAG,FTR\nE0,${name.startsWith("a") ? "10" : "17"}/08/2099,${home},Aliasville Rovers,1,0,H\n`,
      },
    );
  const homeOfNewest = async () => {
    const contest = await db.contest.findFirstOrThrow({
      where: { edition: { name: "2099/00", competition: { name: "Alias Test League" } } },
      orderBy: { kickoffAt: "desc" },
      include: { participants: { where: { side: "home" } } },
    });
    return contest.participants[0].teamId;
  };

  test("an alias makes the next import use the existing team; removed, it no longer does; both audited", async () => {
    const spelling = "Zzyzx Athletic Operators";
    const added = await send("POST", "/api/operator/aliases", { team: target.team, alias: spelling });
    expect(added.status, added.text).toBe(200);
    expect(added.json.data).toMatchObject({ change: "created", team: target.team });
    const aliasId = (added.json.data as { id: number }).id;
    expect(
      (await send("POST", "/api/operator/aliases", { team: target.team, alias: spelling })).json.data,
    ).toMatchObject({
      change: "unchanged",
    });
    expect((await importCsv("a-E0.csv", spelling)).status).toBe(200);
    expect(await homeOfNewest()).toBe(target.teamId);

    // A spelling that already names another team is a conflict.
    const other = await db.team.findFirstOrThrow({
      where: { id: { not: target.teamId }, country: target.country },
    });
    const clash = await send("POST", "/api/operator/aliases", { team: target.team, alias: other.name });
    expect(clash.status).toBe(409);
    expect(clash.json.error).toEqual({
      code: "CONFLICT",
      message: `"${other.name}" already names the team "${other.name}" (id ${other.id})`,
    });

    const list = await send("GET", "/api/operator/aliases");
    expect((list.json.data as { items: { alias: string }[] }).items.map((a) => a.alias)).toContain(spelling);
    expect((await send("POST", `/api/operator/aliases/${aliasId}/delete`, {})).status).toBe(200);
    expect((await send("POST", `/api/operator/aliases/${aliasId}/delete`, {})).status).toBe(404);
    expect((await importCsv("b-E0.csv", spelling)).status).toBe(200);
    const created = await homeOfNewest();
    expect(created).not.toBe(target.teamId);
    expect((await db.team.findUniqueOrThrow({ where: { id: created! } })).name).toBe(spelling);

    const audit = await db.auditEvent.findMany({
      where: { accountId: op.accountId, action: { startsWith: "team.alias_" } },
      orderBy: { createdAt: "asc" },
    });
    expect(audit.map((a) => a.action)).toEqual(["team.alias_added", "team.alias_removed"]);
    for (const a of audit) {
      expect(a.actorUserId).toBe(op.id);
      expect(a.detail).toContain("by data-operator@example.com");
    }
  });
});
