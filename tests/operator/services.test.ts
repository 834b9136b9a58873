import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../lib/platform/errors";
import { findKeyForAuth } from "../../lib/keys/auth-record";
import { createApiKey, onKeyRevoked } from "../../lib/keys/service";
import { parseCosts } from "../../lib/operator/cli";
import { isOperator } from "../../lib/operator/access";
import { searchAccounts, setAccountOperator, setAccountPlan } from "../../lib/operator/accounts";
import { uploadName } from "../../lib/operator/import";
import { onAccountSuspended, reinstateAccount, suspendAccount } from "../../lib/operator/suspension";
import { planInput, readCatalogue, savePlan } from "../../lib/plans/catalogue";
import { BUILT_IN, buildPlans, planFor, unitCost } from "../../lib/plans";
import { DEFAULT_UNIT_COSTS } from "../../lib/plans/unit-groups";
import { sqliteTestDb, type TestDb } from "../support/databases";

const actor = { userId: null, name: "ops@example.com", ip: "127.0.0.1" };

describe("operator services", () => {
  let t: TestDb;
  let accountId: string;
  let prefix: string;
  beforeAll(async () => {
    t = await sqliteTestDb();
    const user = await t.db.user.create({
      data: { email: "suspect@example.com", name: "Suspect", account: { create: { name: "Suspect Ltd" } } },
    });
    accountId = user.accountId;
    const made = await createApiKey(t.db, { accountId, name: "k", environment: "live" });
    prefix = made.record.prefix;
  });
  afterAll(() => t?.drop());

  it("seeds the catalogue with the built-in plans (the migration's rows)", async () => {
    const stored = await readCatalogue(t.db);
    expect(stored.map((p) => p.name)).toEqual(BUILT_IN.map((p) => p.name));
    expect(stored).toEqual(BUILT_IN);
  });

  it("suspends: the key row carries it, every key is announced, the listener runs once, audited with the operator", async () => {
    const announced: string[] = [];
    const stop = onKeyRevoked((p) => announced.push(p));
    const heard: string[] = [];
    const off = onAccountSuspended((e) => heard.push(`${e.accountId}:${e.reason}`));
    try {
      expect((await findKeyForAuth(t.db, prefix))?.suspended).toBe(false);
      const first = await suspendAccount(t.db, accountId, "  chargeback fraud  ", actor);
      expect(first).toEqual({ ok: true, changed: true });
      expect((await findKeyForAuth(t.db, prefix))?.suspended).toBe(true);
      expect(announced).toContain(prefix);
      // The same suspension again changes nothing and tells nobody twice.
      expect(await suspendAccount(t.db, accountId, "chargeback fraud", actor)).toEqual({
        ok: true,
        changed: false,
      });
      expect(heard).toEqual([`${accountId}:chargeback fraud`]);
      const account = await t.db.account.findUniqueOrThrow({ where: { id: accountId } });
      expect(account.suspendedReason).toBe("chargeback fraud");
      const audit = await t.db.auditEvent.findFirstOrThrow({
        where: { accountId, action: "account.suspended" },
      });
      expect(audit.detail).toBe("by ops@example.com: chargeback fraud");
    } finally {
      stop();
      off();
    }
    expect(await reinstateAccount(t.db, accountId, actor)).toEqual({ ok: true, changed: true });
    expect((await findKeyForAuth(t.db, prefix))?.suspended).toBe(false);
    expect(await t.db.auditEvent.count({ where: { accountId, action: "account.reinstated" } })).toBe(1);
    expect(await suspendAccount(t.db, "no-such-account", "x", actor)).toEqual({
      ok: false,
      reason: "not_found",
    });
  });

  it("changes an account's plan and operator flag, audited with the operator's name", async () => {
    expect(await setAccountPlan(t.db, accountId, "pro", actor)).toEqual({ ok: true, from: "free" });
    expect((await findKeyForAuth(t.db, prefix))?.caller.plan).toBe("pro");
    const audit = await t.db.auditEvent.findFirstOrThrow({
      where: { accountId, action: "account.plan_changed" },
    });
    expect(audit.detail).toBe("free -> pro by ops@example.com");
    expect(await setAccountOperator(t.db, accountId, true, actor)).toBe(true);
    expect((await t.db.account.findUniqueOrThrow({ where: { id: accountId } })).operator).toBe(true);
    expect(await setAccountOperator(t.db, "missing", true, actor)).toBe(false);
  });

  it("lets operator accounts and OPERATOR_EMAILS in, nobody else", async () => {
    const other = await t.db.user.create({
      data: { email: "listed@example.com", account: { create: { name: "Listed" } } },
    });
    const who = { email: "Listed@Example.com", accountId: other.accountId };
    expect(await isOperator(t.db, who)).toBe(false);
    process.env.OPERATOR_EMAILS = " someone@example.com , listed@example.com";
    try {
      expect(await isOperator(t.db, who)).toBe(true);
    } finally {
      delete process.env.OPERATOR_EMAILS;
    }
    expect(await isOperator(t.db, who)).toBe(false);
    await t.db.account.update({ where: { id: other.accountId }, data: { operator: true } });
    expect(await isOperator(t.db, who)).toBe(true);
    // A member acting in that operator's workspace: the workspace is not the person's own.
    const own = await t.db.user.create({
      data: { email: "member@example.com", account: { create: { name: "Member" } } },
    });
    const member = { email: own.email, accountId: other.accountId, homeAccountId: own.accountId };
    expect(await isOperator(t.db, member)).toBe(false);
    expect(await isOperator(t.db, { ...member, homeAccountId: other.accountId })).toBe(true);
  });

  it("finds accounts by email or name, a page at a time", async () => {
    const byEmail = await searchAccounts(t.db, "SUSPECT@example", 1);
    expect(byEmail.items.map((a) => a.id)).toEqual([accountId]);
    expect(byEmail.items[0]).toMatchObject({ emails: ["suspect@example.com"], plan: "pro", keys: 1 });
    expect((await searchAccounts(t.db, "Suspect Ltd", 1)).total).toBe(1);
    expect((await searchAccounts(t.db, "nobody-here-at-all", 1)).items).toEqual([]);
    for (let i = 0; i < 30; i++)
      await t.db.account.create({ data: { name: `Paged ${i} ${"x".repeat(80)}` } });
    const p1 = await searchAccounts(t.db, "Paged", 1);
    const p2 = await searchAccounts(t.db, "Paged", 2);
    expect([p1.items.length, p2.items.length, p1.pages]).toEqual([25, 5, 2]);
    expect(new Set([...p1.items, ...p2.items].map((a) => a.id)).size).toBe(30);
    // A page past the end shows the last one; hostile input is bounded, never an error.
    expect((await searchAccounts(t.db, "Paged", 99)).page).toBe(2);
    expect((await searchAccounts(t.db, "%' OR 1=1 --".repeat(50), 1)).items).toEqual([]);
  });

  it("saves a plan: this process's catalogue changes at once, the version is bumped, bad limits are refused", async () => {
    const before = await t.db.systemState.findUnique({ where: { key: "plans_version" } });
    await savePlan(
      t.db,
      "pro",
      { label: "Pro", ratePerMinute: 120, burst: 7, monthlyUnits: 1000 },
      { ...actor, accountId },
    );
    expect(planFor("pro")).toMatchObject({
      ratePerMinute: 120,
      burst: 7,
      monthlyUnits: 1000,
      rule: { burst: 7, intervalMs: 500 },
    });
    const after = await t.db.systemState.findUniqueOrThrow({ where: { key: "plans_version" } });
    expect(after.value).not.toBe(before?.value);
    expect(await t.db.auditEvent.count({ where: { accountId, action: "plan.updated" } })).toBe(1);
    expect(
      planInput.safeParse({ label: "x", ratePerMinute: 10, burst: null, monthlyUnits: null }).success,
    ).toBe(false);
    expect(planInput.safeParse({ label: "x", ratePerMinute: -1, burst: 1, monthlyUnits: null }).success).toBe(
      false,
    );
    expect(
      planInput.safeParse({ label: "", ratePerMinute: null, burst: null, monthlyUnits: null }).success,
    ).toBe(false);
    await expect(
      savePlan(
        t.db,
        "../etc",
        { label: "x", ratePerMinute: null, burst: null, monthlyUnits: null },
        { ...actor, accountId },
      ),
    ).rejects.toMatchObject({ code: "INVALID_PARAMETER", status: 400, field: "name" });
    // STATLINE_PLANS still wins over the stored catalogue.
    const merged = buildPlans('{"pro":{"ratePerMinute":30,"burst":3}}', await readCatalogue(t.db));
    expect(merged.get("pro")).toMatchObject({ ratePerMinute: 30, burst: 3, monthlyUnits: 1000 });
  });

  it("keeps each plan's unit prices: stored ones read back, unknown or broken entries fall back to the default", async () => {
    await savePlan(
      t.db,
      "pro",
      { label: "Pro", ratePerMinute: 120, burst: 7, monthlyUnits: 1000, unitCosts: { odds: 2 } },
      { ...actor, accountId },
    );
    expect(planFor("pro").unitCosts).toEqual({ ...DEFAULT_UNIT_COSTS, odds: 2 });
    expect(unitCost("pro", "odds")).toBe(2);
    expect(unitCost("pro", null)).toBe(0);
    // An edit without prices keeps the stored ones.
    await savePlan(
      t.db,
      "pro",
      { label: "Pro", ratePerMinute: null, burst: null, monthlyUnits: null },
      {
        ...actor,
        accountId,
      },
    );
    expect(planFor("pro").unitCosts.odds).toBe(2);
    await t.db.plan.update({
      where: { name: "pro" },
      data: { unitCosts: '{"odds":"x","reference":3,"analysis":-1,"gone":4}' },
    });
    const pro = (await readCatalogue(t.db)).find((p) => p.name === "pro")!;
    expect(pro.unitCosts).toEqual({ ...DEFAULT_UNIT_COSTS, reference: 3 });
    await t.db.plan.update({ where: { name: "pro" }, data: { unitCosts: "not json" } });
    expect((await readCatalogue(t.db)).find((p) => p.name === "pro")!.unitCosts).toEqual(DEFAULT_UNIT_COSTS);
    // STATLINE_PLANS may price groups too, on top of the stored prices.
    const merged = buildPlans('{"free":{"unitCosts":{"feed":4}},"new":{"unitCosts":{"odds":0}}}', BUILT_IN);
    expect(merged.get("free")!.unitCosts).toEqual({ ...DEFAULT_UNIT_COSTS, feed: 4 });
    expect(merged.get("new")!.unitCosts).toEqual({ ...DEFAULT_UNIT_COSTS, odds: 0 });
    expect(() => buildPlans('{"free":{"unitCosts":{"odds":-1}}}')).toThrow(/STATLINE_PLANS is invalid/);
  });

  it("reads the CLI's --costs: group=units pairs, refusing anything else", () => {
    expect(parseCosts(undefined)).toBeUndefined();
    expect(parseCosts("odds=3, analysis=0")).toEqual({ odds: 3, analysis: 0 });
    for (const bad of [
      true,
      "odds=x",
      "odds",
      "odds=1=2",
      "nope=1",
      "odds=1001",
      "odds=-1",
      "odds=1.5",
      "",
    ] as const)
      expect(() => parseCosts(bad), String(bad)).toThrow(/--costs/);
  });
});

describe("operator import upload limits", () => {
  it("keeps a safe file name and refuses other types", () => {
    expect(uploadName("E0.csv")).toBe("E0.csv");
    expect(uploadName("../../etc/2024-25 de.1.json")).toBe("2024-25_de.1.json");
    expect(uploadName("C:\\Users\\x\\E1.CSV")).toBe("E1.CSV");
    for (const bad of ["", ".csv", "x.exe", "x.csv.sh", "noext"])
      expect(() => uploadName(bad)).toThrow(ApiError);
  });
});
