import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/** Identity honestly reported: a join says which row and by which rule; persons never join on a name alone. */
const env = vi.hoisted(() => {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const fs = require("node:fs") as typeof import("node:fs");
  const os = require("node:os") as typeof import("node:os");
  const path = require("node:path") as typeof import("node:path");
  /* eslint-enable @typescript-eslint/no-require-imports */
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-ingest-identity-"));
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
import { expectOk as ok, feedCatalogue, ingestClient, startHarness, type Harness } from "./harness";

let h: Harness;
let call: ReturnType<typeof ingestClient>;
const T = "2026-11-01T15:00:00Z";
const T2 = "2026-11-02T15:00:00Z";

beforeAll(async () => {
  h = await startHarness(env.dir, env.url);
  call = ingestClient(h.baseUrl, h.ingestKey);
  await feedCatalogue(call, ok, T);
}, 60_000);
afterAll(() => h?.stop());

const v1 = async (path: string) => {
  const r = await fetch(`${h.baseUrl}/v1${path}`, { headers: { "X-API-Key": h.readKey } });
  return ((await r.json()) as { data: Record<string, unknown> }).data;
};
const changesSince = (after: number) =>
  db.change.findMany({ where: { id: { gt: after } }, orderBy: { id: "asc" } });

describe("team renames", () => {
  it("a newer PUT with a new name renames the team: changed, a team.updated change, /v1 shows it", async () => {
    const head = await headId(db);
    const r = ok(
      await call("PUT", "/opta/teams/arg", { name: "Argentina National Team", country: "AR", feed_at: T2 }),
    );
    expect(r).toMatchObject({ created: false, changed: true, ignored: false });
    expect((await v1(`/teams/${String(r.id)}`)).name).toBe("Argentina National Team");
    const changes = await changesSince(head);
    expect(changes.map((c) => c.type)).toEqual(["team.updated"]);
    expect(JSON.parse(changes[0].data)).toMatchObject({ id: r.id, name: "Argentina National Team" });
    const same = ok(
      await call("PUT", "/opta/teams/arg", { name: "Argentina National Team", country: "AR", feed_at: T2 }),
    );
    expect(same.changed).toBe(false);
  });

  it("a rename to another team's name is 409 naming /name", async () => {
    const r = await call("PUT", "/opta/teams/arg", { name: "France", feed_at: "2026-11-03T00:00:00Z" });
    expect(r.status).toBe(409);
    expect(r.json.error?.message).toMatch(/^Invalid field '\/name': team \d+ is already named 'France'/);
  });
});

describe("joins", () => {
  it("a new source's team of an existing name joins it: created false, matched with the rule, no change", async () => {
    const head = await headId(db);
    const r = ok(await call("PUT", "/other/teams/fr", { name: "France", country: "FR", feed_at: T }));
    expect(r).toMatchObject({
      created: false,
      changed: false,
      matched: { rule: expect.stringMatching(/name/) },
    });
    expect((r.matched as { id: string }).id).toBe(r.id);
    expect(await changesSince(head)).toEqual([]);
  });

  it("a person is not joined on a name alone; name plus nationality, date of birth or team joins", async () => {
    const messi = await db.person.findFirstOrThrow({ where: { name: "Lionel Messi" } });
    await db.person.update({
      where: { id: messi.id },
      data: { nationality: "AR", birthDate: new Date("1987-06-24") },
    });
    const head = await headId(db);
    const alone = ok(await call("PUT", "/other/persons/m", { name: "Lionel Messi", feed_at: T }), 201);
    expect(alone).toMatchObject({ created: true });
    expect(alone.id).not.toBe(String(messi.id));
    const created = await changesSince(head);
    expect(created.map((c) => c.type)).toEqual(["person.created"]);
    expect(created[0].resourceId).toBe(Number(alone.id));
    // Now two namesakes: nationality picks one only if it is unique among them.
    const byNation = ok(
      await call("PUT", "/third/persons/m", { name: "Lionel Messi", nationality: "AR", feed_at: T }),
    );
    expect(byNation).toMatchObject({
      created: false,
      id: String(messi.id),
      matched: { rule: "name and nationality" },
    });
    const byBirth = ok(
      await call("PUT", "/fourth/persons/m", { name: "Lionel Messi", birth_date: "1987-06-24", feed_at: T }),
    );
    expect(byBirth).toMatchObject({ id: String(messi.id), matched: { rule: "name and date of birth" } });
    const other = ok(
      await call("PUT", "/fifth/persons/m", { name: "Lionel Messi", birth_date: "1990-01-01", feed_at: T }),
      201,
    );
    expect(other.created).toBe(true);
  });

  it("a person joined by team: a namesake who played for the source's team", async () => {
    const mbappe = await db.person.findFirstOrThrow({ where: { name: "Kylian Mbappe" } });
    await db.person.create({
      data: { name: "Kylian Mbappe", nameNormalized: mbappe.nameNormalized, sport: "football" },
    });
    const contest = await db.contest.findFirstOrThrow({ include: { participants: true } });
    const fra = contest.participants.find((p) => p.side === "away")!.teamId!;
    await db.lineupEntry.create({
      data: { contestId: contest.id, teamId: fra, personId: mbappe.id, role: "starter", sequence: 0 },
    });
    ok(await call("PUT", "/other/teams/fra", { name: "France", country: "FR", feed_at: T }));
    const r = ok(await call("PUT", "/other/persons/km", { name: "Kylian Mbappe", team: "fra", feed_at: T }));
    expect(r).toMatchObject({ created: false, id: String(mbappe.id), matched: { rule: "name and team" } });
  });

  it("a newer person PUT corrects the person with a person.updated change", async () => {
    const head = await headId(db);
    const r = ok(
      await call("PUT", "/opta/persons/p11", { name: "Ángel Di María", position: "Forward", feed_at: T2 }),
    );
    expect(r).toMatchObject({ changed: true });
    expect((await changesSince(head)).map((c) => c.type)).toEqual(["person.updated"]);
    expect((await v1(`/persons/${String(r.id)}`)).name).toBe("Ángel Di María");
  });
});
