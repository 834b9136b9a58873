import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/** An operator's corrections of a feed: reset its clock for an entity, link an id, split a wrong join. */
const env = vi.hoisted(() => {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const fs = require("node:fs") as typeof import("node:fs");
  const os = require("node:os") as typeof import("node:os");
  const path = require("node:path") as typeof import("node:path");
  /* eslint-enable @typescript-eslint/no-require-imports */
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-ingest-links-"));
  const url = `file:${path.join(dir, "ingest.db")}`;
  Object.assign(process.env, {
    DATABASE_URL: url,
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "test-secret-not-for-production-0123456789",
    REQUEST_LOG: "off",
  });
  return { dir, url };
});

import { db } from "../../lib/platform/db";
import { headId } from "../../lib/events/store";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { ROOT } from "../support/app";
import { expectOk as ok, feedCatalogue, ingestClient, startHarness, type Harness } from "./harness";

let h: Harness;
let call: ReturnType<typeof ingestClient>;
const T = "2026-11-01T15:00:00Z";
const LATER = "2026-11-20T15:00:00Z";

beforeAll(async () => {
  h = await startHarness(env.dir, env.url);
  call = ingestClient(h.baseUrl, h.ingestKey);
  await feedCatalogue(call, ok, T);
}, 60_000);
afterAll(() => h?.stop());

/** The admin CLI, without blocking this process (its in-process server keeps answering). */
async function admin(url: string, ...args: string[]): Promise<string> {
  const run = promisify(execFile);
  try {
    const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url },
    });
    return stdout;
  } catch (err) {
    throw new Error(String((err as { stderr?: string }).stderr ?? err), { cause: err });
  }
}

describe("operator corrections of a feed", () => {
  it("a clock reset lets a write older than the stored one through (contest: its state and events too)", async () => {
    ok(await call("POST", "/opta/contests/final/state", { status: "live", feed_at: LATER }));
    ok(
      await call("PUT", "/opta/contests/final/events/g1", {
        type: "goal",
        minute: 5,
        side: "home",
        person: "p10",
        feed_at: LATER,
      }),
      201,
    );
    const before = ok(
      await call("POST", "/opta/contests/final/state", { score: { home: 1, away: 0 }, feed_at: T }),
    );
    expect(before.ignored).toBe(true);
    const out = await admin(
      env.url,
      "ingest",
      "clock",
      "reset",
      "--source",
      "opta",
      "--kind",
      "contest",
      "--id",
      "final",
    );
    expect(out).toMatch(/reset 3 feed time/);
    const after = ok(
      await call("POST", "/opta/contests/final/state", { score: { home: 1, away: 0 }, feed_at: T }),
    );
    expect(after).toMatchObject({ ignored: false, changed: true });
    const ev = ok(
      await call("PUT", "/opta/contests/final/events/g1", {
        type: "goal",
        minute: 6,
        side: "home",
        person: "p10",
        feed_at: T,
      }),
    );
    expect(ev).toMatchObject({ ignored: false, revision: 2 });
    await expect(
      admin(env.url, "ingest", "clock", "reset", "--source", "opta", "--kind", "team", "--id", "nope"),
    ).rejects.toThrow(/no team 'nope'/);
  });

  it("split: a person joined to the wrong namesake becomes a person of its own, with the source's events", async () => {
    const messi = await db.person.findFirstOrThrow({ where: { name: "Lionel Messi" } });
    await db.person.update({ where: { id: messi.id }, data: { nationality: "AR" } });
    const joined = ok(
      await call("PUT", "/other/persons/lm", { name: "Lionel Messi", nationality: "AR", feed_at: T }),
    );
    expect(joined).toMatchObject({ created: false, id: String(messi.id) });
    ok(
      await call("PUT", "/other/competitions/wc", { name: "FIFA World Cup", format: "knockout", feed_at: T }),
    );
    ok(await call("PUT", "/other/editions/wc26", { competition: "wc", name: "2026", feed_at: T }), 200);
    for (const t of ["arg", "fra"])
      ok(await call("PUT", `/other/teams/${t}`, { name: t === "arg" ? "Argentina" : "France", feed_at: T }));
    ok(
      await call("PUT", "/other/contests/f", {
        edition: "wc26",
        home: { team: "arg" },
        away: { team: "fra" },
        kickoff_at: T,
        round: "Final",
        stage: "Knockout",
        feed_at: T,
      }),
    );
    ok(
      await call("PUT", "/other/contests/f/events/x1", {
        type: "goal",
        minute: 7,
        side: "home",
        person: "lm",
        feed_at: T,
      }),
      201,
    );
    const head = await headId(db);
    const out = await admin(env.url, "ingest", "split", "--source", "other", "--id", "lm");
    const split = /new person (\d+) \((\d+) events moved\)/.exec(out)!;
    expect(Number(split[2])).toBe(1);
    const fresh = Number(split[1]);
    expect(fresh).not.toBe(messi.id);
    const ev = await db.matchEvent.findFirstOrThrow({ where: { source: "other", externalId: "x1" } });
    expect(ev).toMatchObject({ personId: fresh, revision: 2 });
    expect(await db.matchEvent.count({ where: { source: "opta", personId: messi.id } })).toBe(1);
    const types = (await db.change.findMany({ where: { id: { gt: head } } })).map((c) => c.type);
    expect(types).toEqual(["person.created", "contest.event"]);
    const again = ok(
      await call("PUT", "/other/persons/lm", { name: "Lionel Messi", nationality: "AR", feed_at: T }),
    );
    expect(again.id).toBe(String(fresh));
  });

  it("link: an operator joins a feed's person id to an existing person explicitly", async () => {
    const di = await db.person.findFirstOrThrow({ where: { name: "Angel Di Maria" } });
    const own = ok(await call("PUT", "/other/persons/adm", { name: "A. Di Maria", feed_at: T }), 201);
    expect(own.id).not.toBe(String(di.id));
    await admin(
      env.url,
      "ingest",
      "link",
      "--source",
      "other",
      "--kind",
      "person",
      "--id",
      "adm",
      "--to",
      String(di.id),
    );
    const now = ok(await call("PUT", "/other/persons/adm", { name: "Angel Di Maria", feed_at: T }));
    expect(now.id).toBe(String(di.id));
    await expect(
      admin(
        env.url,
        "ingest",
        "link",
        "--source",
        "other",
        "--kind",
        "person",
        "--id",
        "adm",
        "--to",
        "99999",
      ),
    ).rejects.toThrow(/No person 99999/);
  });
});
