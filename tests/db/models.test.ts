import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type Db } from "../../lib/platform/db/client";
import { applyMigrations } from "../../lib/platform/db/schema-engine";
import { createPgDatabase, type TempPgDatabase } from "../support/postgres";

/** Asserts that a write is refused by a unique constraint (Prisma code P2002). */
async function expectUniqueViolation(write: Promise<unknown>) {
  await expect(write).rejects.toMatchObject({ code: "P2002" });
}

describe.each(["sqlite", "postgresql"] as const)("every model on freshly migrated %s", (provider) => {
  let db: Db;
  let pg: TempPgDatabase | undefined;
  let file: string | undefined;

  beforeAll(async () => {
    let url: string;
    if (provider === "postgresql") {
      pg = createPgDatabase();
      url = pg.url;
    } else {
      file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "statline-models-")), "models.db");
      url = `file:${file}`;
    }
    expect(await applyMigrations(url)).toEqual(expect.arrayContaining([expect.stringMatching(/_init$/)]));
    expect(await applyMigrations(url)).toEqual([]); // idempotent
    db = createClient(url);
  });

  afterAll(async () => {
    await db?.$disconnect();
    pg?.drop();
    if (file) fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it("accounts, users, OAuth identities, keys, usage, auth failures, audit events and handoffs", async () => {
    const account = await db.account.create({ data: { name: "Acme" } });
    expect(account.plan).toBe("free");
    const user = await db.user.create({
      data: { email: "ada@example.com", accountId: account.id, passwordHash: "scrypt$x" },
    });
    await expectUniqueViolation(
      db.user.create({ data: { email: "ada@example.com", accountId: account.id } }),
    );
    await db.oAuthAccount.create({
      data: { userId: user.id, type: "oauth", provider: "github", providerAccountId: "42" },
    });
    await expectUniqueViolation(
      db.oAuthAccount.create({
        data: { userId: user.id, type: "oauth", provider: "github", providerAccountId: "42" },
      }),
    );

    const key = await db.apiKey.create({
      data: {
        accountId: account.id,
        name: "ci",
        environment: "test",
        prefix: "sk_test_abcdefgh",
        secretHash: "f".repeat(64),
        createdById: user.id,
      },
    });
    await expectUniqueViolation(
      db.apiKey.create({
        data: {
          accountId: account.id,
          name: "dup",
          environment: "test",
          prefix: "sk_test_abcdefgh",
          secretHash: "0",
        },
      }),
    );
    await db.apiKey.update({
      where: { id: key.id },
      data: { revokedAt: new Date(), revokedById: user.id, lastUsedAt: new Date() },
    });

    const minute = new Date("2026-11-21T10:00:00Z");
    const bucket = { apiKeyId: key.id, minute, endpoint: "/v1/teams", statusClass: "2xx" };
    await db.usageBucket.create({ data: { ...bucket, accountId: account.id, requests: 1, units: 1 } });
    await expectUniqueViolation(db.usageBucket.create({ data: { ...bucket, accountId: account.id } }));
    await db.usageBucket.update({
      where: { apiKeyId_minute_endpoint_statusClass: bucket },
      data: { requests: { increment: 2 } },
    });
    expect((await db.usageBucket.findFirstOrThrow({ where: { apiKeyId: key.id } })).requests).toBe(3);

    const failure = { accountId: account.id, keyPrefix: "sk_test_abcdefgh", minute, reason: "revoked" };
    await db.authFailureBucket.create({ data: { ...failure, count: 1 } });
    await expectUniqueViolation(db.authFailureBucket.create({ data: failure }));

    await db.auditEvent.create({
      data: {
        accountId: account.id,
        actorUserId: user.id,
        action: "key.created",
        targetType: "api_key",
        targetId: key.id,
        detail: "sk_test_abcdefgh ci",
      },
    });
    const handoff = {
      userCode: "ABCD2345",
      codeChallenge: "c",
      clientName: "agent",
      environment: "test",
      keyName: "agent key",
      requesterIp: "127.0.0.1",
      expiresAt: new Date(Date.now() + 600_000),
      codeHash: "h1",
    };
    await db.handoffSession.create({
      data: { id: "hs_1", ...handoff, accountId: account.id, approvedById: user.id },
    });
    await expectUniqueViolation(db.handoffSession.create({ data: { id: "hs_2", ...handoff } }));

    const loaded = await db.account.findUniqueOrThrow({
      where: { id: account.id },
      include: {
        users: { include: { oauthAccounts: true, keysCreated: true, keysRevoked: true } },
        apiKeys: { include: { usage: true } },
        authFailures: true,
        auditEvents: { include: { actor: true } },
        handoffs: true,
      },
    });
    expect(loaded.users[0].oauthAccounts).toHaveLength(1);
    expect(loaded.users[0].keysCreated.map((k) => k.prefix)).toEqual(["sk_test_abcdefgh"]);
    expect(loaded.users[0].keysRevoked).toHaveLength(1);
    expect(loaded.apiKeys[0].usage[0].requests).toBe(3);
    expect(loaded.auditEvents[0].actor?.email).toBe("ada@example.com");
    expect(loaded.handoffs[0].status).toBe("pending");
    expect(loaded.authFailures[0].count).toBe(1);

    // Deleting the user keeps the key (creator set null); deleting the account removes everything.
    await db.user.delete({ where: { id: user.id } });
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).createdById).toBeNull();
    await db.account.delete({ where: { id: account.id } });
    expect(await db.apiKey.count()).toBe(0);
    expect(await db.usageBucket.count()).toBe(0);
    expect(await db.handoffSession.count()).toBe(0);
  });

  it("system state upserts with an updatedAt", async () => {
    await db.systemState.upsert({
      where: { key: "data_version" },
      create: { key: "data_version", value: "1" },
      update: { value: "1" },
    });
    const row = await db.systemState.upsert({
      where: { key: "data_version" },
      create: { key: "data_version", value: "2" },
      update: { value: "2" },
    });
    expect(row.value).toBe("2");
    expect(row.updatedAt).toBeInstanceOf(Date);
  });

  it("competitions, editions, teams, persons, rosters, contests, standings, odds and statistics", async () => {
    const comp = await db.competition.create({
      data: { slug: "test-league", name: "Test League", sport: "football", kind: "team", format: "league" },
    });
    await expectUniqueViolation(
      db.competition.create({
        data: { slug: "test-league", name: "Other", sport: "football", kind: "team", format: "league" },
      }),
    );
    const ed = await db.edition.create({
      data: {
        competitionId: comp.id,
        name: "2025/26",
        startDate: new Date("2025-08-01"),
        endDate: new Date("2026-05-31"),
        current: true,
      },
    });
    await expectUniqueViolation(
      db.edition.create({
        data: { competitionId: comp.id, name: "2025/26", startDate: new Date(), endDate: new Date() },
      }),
    );
    const [home, away] = await Promise.all(
      ["Ålesund FK", "Cádiz Balompié"].map((name, i) =>
        db.team.create({
          data: { name, nameNormalized: name.toLowerCase(), shortName: name, code: `T${i}` },
        }),
      ),
    );
    await expectUniqueViolation(
      db.team.create({ data: { name: "Ålesund FK", nameNormalized: "x", shortName: "x", code: "X" } }),
    );
    const person = await db.person.create({
      data: {
        name: "Kylian Mbappé",
        nameNormalized: "kylian mbappe",
        sport: "football",
        externalRef: "p:1",
        nameTokens: { create: [{ token: "kylian" }, { token: "mbappe" }] },
      },
    });
    await expectUniqueViolation(
      db.person.create({
        data: { name: "Copy", nameNormalized: "copy", sport: "football", externalRef: "p:1" },
      }),
    );
    await expectUniqueViolation(
      db.personNameToken.create({ data: { token: "mbappe", personId: person.id } }),
    );
    expect(
      (
        await db.personNameToken.findMany({
          where: { token: { startsWith: "mbap" } },
          include: { person: true },
        })
      )[0].person.name,
    ).toBe("Kylian Mbappé");

    await db.rosterEntry.create({
      data: { editionId: ed.id, teamId: home.id, personId: person.id, shirtNumber: 7, position: "Forward" },
    });
    await expectUniqueViolation(
      db.rosterEntry.create({ data: { editionId: ed.id, teamId: away.id, personId: person.id } }),
    );

    const kickoffAt = new Date("2025-09-01T19:00:00Z");
    const contest = await db.contest.create({
      data: {
        editionId: ed.id,
        round: "Matchday 1",
        stage: "Regular Season",
        status: "finished",
        kickoffAt,
        externalRef: "c:1",
        participants: {
          create: [
            { side: "home", teamId: home.id, score: 2, halftimeScore: 1, outcome: "win" },
            { side: "away", teamId: away.id, score: 0, halftimeScore: 0, outcome: "loss" },
          ],
        },
      },
    });
    await expectUniqueViolation(
      db.contest.create({
        data: {
          editionId: ed.id,
          round: "r",
          stage: "s",
          status: "scheduled",
          kickoffAt,
          externalRef: "c:1",
        },
      }),
    );
    await expectUniqueViolation(
      db.contestParticipant.create({ data: { contestId: contest.id, side: "home", personId: person.id } }),
    );

    await db.standing.create({
      data: {
        editionId: ed.id,
        teamId: home.id,
        position: 1,
        played: 1,
        won: 1,
        drawn: 0,
        lost: 0,
        goalsFor: 2,
        goalsAgainst: 0,
        goalDifference: 2,
        points: 3,
        form: "W",
      },
    });
    await expectUniqueViolation(
      db.standing.create({
        data: {
          editionId: ed.id,
          teamId: home.id,
          position: 2,
          played: 0,
          won: 0,
          drawn: 0,
          lost: 0,
          goalsFor: 0,
          goalsAgainst: 0,
          goalDifference: 0,
          points: 0,
        },
      }),
    );

    const observedAt = new Date("2025-08-29T14:00:00Z");
    const book = ["home", "draw", "away"].map((selection, i) => ({
      contestId: contest.id,
      bookmaker: "pinnacle",
      market: "h2h",
      selection,
      price: 1.5 + i,
      observedAt,
    }));
    await db.oddsPoint.createMany({
      data: [
        ...book,
        {
          contestId: contest.id,
          personId: person.id,
          bookmaker: "bet365",
          market: "spreads",
          selection: "home",
          line: -0.5,
          price: 1.9,
          observedAt: kickoffAt,
          isClosing: true,
        },
      ],
    });
    const history = await db.oddsPoint.findMany({
      where: { contestId: contest.id },
      orderBy: [{ observedAt: "desc" }, { id: "desc" }],
    });
    expect(history.map((o) => o.selection)).toEqual(["home", "away", "draw", "home"]);
    expect(history[0]).toMatchObject({ isClosing: true, line: -0.5, personId: person.id });
    expect(
      history
        .slice(1)
        .every((o) => o.observedAt.getTime() === observedAt.getTime() && o.line === null && !o.isClosing),
    ).toBe(true);

    await db.personContestStat.create({
      data: { contestId: contest.id, personId: person.id, teamId: home.id, stat: "goals", value: 2 },
    });
    await expectUniqueViolation(
      db.personContestStat.create({
        data: { contestId: contest.id, personId: person.id, stat: "goals", value: 1 },
      }),
    );
    await db.personEditionStat.create({
      data: { editionId: ed.id, personId: person.id, teamId: home.id, stat: "goals", value: 2, contests: 1 },
    });
    await expectUniqueViolation(
      db.personEditionStat.create({
        data: { editionId: ed.id, personId: person.id, stat: "goals", value: 9, contests: 9 },
      }),
    );

    const full = await db.edition.findUniqueOrThrow({
      where: { id: ed.id },
      include: {
        competition: true,
        rosters: { include: { person: true, team: true } },
        standings: { include: { team: true } },
        editionStats: true,
        contests: {
          include: {
            participants: { include: { team: true } },
            odds: true,
            personStats: { include: { person: true } },
          },
        },
      },
    });
    expect(full.competition.slug).toBe("test-league");
    expect(full.rosters[0]).toMatchObject({
      shirtNumber: 7,
      team: { name: "Ålesund FK" },
      person: { name: "Kylian Mbappé" },
    });
    expect(full.contests[0].participants.map((p) => [p.side, p.team?.name, p.score])).toEqual(
      expect.arrayContaining([
        ["home", "Ålesund FK", 2],
        ["away", "Cádiz Balompié", 0],
      ]),
    );
    expect(full.contests[0].odds).toHaveLength(4);
    expect(full.contests[0].personStats[0].person.externalRef).toBe("p:1");
    expect(full.standings[0].team.code).toBe("T0");
    expect(full.editionStats[0].value).toBe(2);
    const withPerson = await db.person.findUniqueOrThrow({
      where: { id: person.id },
      include: {
        odds: true,
        participants: true,
        contestStats: true,
        editionStats: true,
        rosters: true,
        nameTokens: true,
      },
    });
    expect([
      withPerson.odds.length,
      withPerson.contestStats.length,
      withPerson.editionStats.length,
      withPerson.rosters.length,
      withPerson.nameTokens.length,
    ]).toEqual([1, 1, 1, 1, 2]);

    // Deleting a competition cascades through every sports table below it.
    await db.competition.delete({ where: { id: comp.id } });
    const left = await Promise.all([
      db.edition.count(),
      db.contest.count(),
      db.contestParticipant.count(),
      db.oddsPoint.count(),
      db.standing.count(),
      db.rosterEntry.count(),
      db.personContestStat.count(),
      db.personEditionStat.count(),
    ]);
    expect(left).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    await db.person.delete({ where: { id: person.id } });
    expect(await db.personNameToken.count()).toBe(0);
  });
});
