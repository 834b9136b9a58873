import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Db } from "../../lib/platform/db/client";
import { importFile } from "../../lib/importers/index";
import { call, expectError, expectOk } from "../support/api";
import { copyTemplateDb, freePort, ROOT, startApp, type RunningApp } from "../support/app";
import { admin, createUnlimitedKey } from "../support/cli";
import { sharedDataDir } from "../support/shared-data";
import { ensureTemplateDb } from "../support/template";

describe("npm start with STATLINE_DEMO=off", () => {
  it("starts on an empty database without seeding: the catalogue is empty", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-nodemo-"));
    const url = `file:${path.join(dir, "statline.db")}`;
    const port = await freePort();
    let out = "";
    const proc = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: url,
        PORT: String(port),
        HOST: "127.0.0.1",
        STATLINE_DEMO: "off",
        STATLINE_SKIP_BUILD: "1",
        NEXTAUTH_SECRET: "test-secret-not-for-production-0123456789",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    proc.stdout!.on("data", (d) => (out += d));
    proc.stderr!.on("data", (d) => (out += d));
    try {
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; ; i++) {
        if (proc.exitCode !== null) throw new Error(`start exited (${proc.exitCode}):\n${out}`);
        const up = await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) break;
        if (i > 1200) throw new Error(`no server after 180 s:\n${out}`);
        await new Promise((r) => setTimeout(r, 150));
      }
      expect(out).not.toMatch(/seeding demo data/);
      const key = createUnlimitedKey(url, "nodemo@example.com");
      expect(expectOk(await call(base, "/v1/competitions", { key }), "/v1/competitions").items).toEqual([]);
      expect(expectOk(await call(base, "/v1/teams", { key }), "/v1/teams")).toEqual({ items: [], total: 0 });
      expect(expectOk(await call(base, "/v1/persons", { key }), "/v1/persons").total).toBe(0);
    } finally {
      proc.kill("SIGTERM");
    }
  }, 240_000);
});

describe("demo data beside imported data, then removed", () => {
  let url: string;
  let db: Db;
  let app: RunningApp;
  let key: string;
  const get = (p: string) => call(app.baseUrl, p, { key });
  const ok = async (p: string) => expectOk(await get(p), p);

  beforeAll(async () => {
    url = copyTemplateDb(ensureTemplateDb());
    db = createClient(url);
    await importFile(db, path.join(sharedDataDir(), "openfootball", "2022", "worldcup.json"));
    key = createUnlimitedKey(url, "demo@example.com");
    app = await startApp({ databaseUrl: url });
  }, 240_000);
  afterAll(async () => {
    await app?.stop();
    await db?.$disconnect();
  });

  it("marks demo rows and lists real data first (competitions, persons search, teams)", async () => {
    const comps = (await ok("/v1/competitions")).items;
    expect(comps[0]).toMatchObject({ name: "FIFA World Cup", demo: false });
    expect(comps.slice(1).every((c: { demo: boolean }) => c.demo)).toBe(true);
    expect(comps.length).toBeGreaterThan(1);
    const mbappe = (await ok("/v1/persons?q=mbappe")).items;
    // The generator features a fictional "Kylian Mbappé"; the real one (imported) comes first.
    expect(mbappe.map((p: { demo: boolean }) => p.demo)).toEqual([false, true]);
    expect(mbappe[0].name).toBe("Kylian Mbappé");
    const teams = await ok("/v1/teams?limit=3");
    expect(teams.items.map((t: { demo: boolean }) => t.demo)).toEqual([false, false, false]);
  });

  it("finds by name in one call: q on teams and competitions, a slug for competition=, hints on 404", async () => {
    expect((await ok("/v1/teams?q=argent")).items.map((t: { name: string }) => t.name)).toEqual([
      "Argentina",
    ]);
    expect((await ok("/v1/competitions?q=world%20cup")).items.map((c: { slug: string }) => c.slug)).toEqual([
      "world-cup",
    ]);
    expect((await ok("/v1/competitions/world-cup")).name).toBe("FIFA World Cup");
    const final = (await ok("/v1/contests?competition=world-cup&date=2022-12-18")).items;
    expect(final).toHaveLength(1);
    expectError(await get("/v1/contests?competition=no-such-cup"), 404, "NOT_FOUND", /no-such-cup/);
    expectError(
      await get("/v1/matches"),
      404,
      "NOT_FOUND",
      "No endpoint at /v1/matches; did you mean /v1/contests?",
    );
    expectError(await get("/v1/players?q=messi"), 404, "NOT_FOUND", /did you mean \/v1\/persons\?/);
    expectError(
      await get("/v1/fixtures"),
      404,
      "NOT_FOUND",
      /did you mean \/v1\/contests\?status=scheduled\?/,
    );
  });

  it("`demo remove` leaves only the imported data and records each deletion in the change feed", async () => {
    const demoContests = await db.contest.count({ where: { edition: { competition: { demo: true } } } });
    const [demoTeams, demoPersons] = [
      await db.team.count({ where: { demo: true } }),
      await db.person.count({ where: { demo: true } }),
    ];
    const realContests = await db.contest.count({ where: { edition: { competition: { demo: false } } } });
    expect(demoContests).toBeGreaterThan(0);
    const lastBefore = (await db.change.aggregate({ _max: { id: true } }))._max.id ?? 0;
    expect(admin(url, "demo", "remove")).toContain(
      `demo data removed: ${demoContests} contests, ${demoTeams} teams, ${demoPersons} persons`,
    );
    expect(await db.competition.findMany({ select: { slug: true } })).toEqual([{ slug: "world-cup" }]);
    expect(await db.contest.count()).toBe(realContests);
    expect(await db.team.count({ where: { demo: true } })).toBe(0);
    expect(await db.person.count({ where: { demo: true } })).toBe(0);
    expect(await db.oddsPoint.count()).toBe(0);
    const feed = await db.change.groupBy({ by: ["type"], where: { id: { gt: lastBefore } }, _count: true });
    expect(Object.fromEntries(feed.map((f) => [f.type, f._count]))).toEqual({
      "contest.deleted": demoContests,
      "team.deleted": demoTeams,
      "person.deleted": demoPersons,
    });
    // The running server sees it once its data-version poll comes round.
    let comps: Array<{ slug: string }> = [];
    for (let i = 0; i < 100; i++) {
      comps = (await ok("/v1/competitions")).items;
      if (comps.length === 1) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(comps.map((c) => c.slug)).toEqual(["world-cup"]);
    const changes = await ok(`/v1/changes?types=contest.deleted&limit=1`);
    expect(changes.items[0]).toMatchObject({ type: "contest.deleted", data: { deleted: true, demo: true } });
  });
});
