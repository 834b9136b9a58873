import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { relyingParty } from "../../lib/passkeys/relying-party";
import { KEEP, KEEP_DAYS, listSignIns, recordSignIn } from "../../lib/signins/history";
import { sqliteTestDb, type TestDb } from "../support/databases";

const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const CHROME_LINUX_NEWER = CHROME_LINUX.replace("Chrome/131", "Chrome/133");
const FIREFOX_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:132.0) Gecko/20100101 Firefox/132.0";

describe("sign-in history", () => {
  let t: TestDb;
  let user: { id: string; email: string };
  beforeAll(async () => {
    t = await sqliteTestDb();
    const u = await t.db.user.create({
      data: { email: "history@example.com", account: { create: { name: "h" } } },
    });
    user = { id: u.id, email: u.email };
  });
  afterAll(() => t?.drop());

  it("calls a browser and address pair new once, ignoring browser updates, never the first sign-in", async () => {
    const at = (ip: string, userAgent: string) => recordSignIn(t.db, user, { ip, userAgent }, "password");
    expect(await at("198.51.100.7", CHROME_LINUX)).toBe(false);
    expect(await at("198.51.100.7", CHROME_LINUX)).toBe(false);
    expect(await at("198.51.100.7", CHROME_LINUX_NEWER)).toBe(false);
    expect(await at("198.51.100.7", FIREFOX_MAC)).toBe(true);
    expect(await at("198.51.100.7", FIREFOX_MAC)).toBe(false);
    expect(await at("203.0.113.50", CHROME_LINUX)).toBe(true);
    const list = await listSignIns(t.db, user.id);
    expect(list).toHaveLength(6);
    expect(list[0]).toMatchObject({ ip: "203.0.113.50", userAgent: CHROME_LINUX, method: "password" });
  });

  it(`keeps the latest ${KEEP} and nothing older than ${KEEP_DAYS} days`, async () => {
    const old = new Date(Date.now() - (KEEP_DAYS + 1) * 86_400_000);
    await t.db.signInEvent.create({
      data: { userId: user.id, createdAt: old, method: "password", ip: "192.0.2.1" },
    });
    for (let i = 0; i < KEEP + 5; i++)
      await recordSignIn(t.db, user, { ip: "198.51.100.7", userAgent: CHROME_LINUX }, "passkey");
    expect(await t.db.signInEvent.count({ where: { userId: user.id } })).toBe(KEEP);
    expect(await t.db.signInEvent.count({ where: { userId: user.id, createdAt: { lte: old } } })).toBe(0);
    expect((await listSignIns(t.db, user.id)).every((s) => s.method === "passkey")).toBe(true);
  });

  it("takes the relying party from NEXTAUTH_URL: host name as RP ID, origin as the only origin", () => {
    expect(relyingParty("https://stats.example.com/")).toEqual({
      id: "stats.example.com",
      origin: "https://stats.example.com",
      name: "Statline",
    });
    expect(relyingParty("http://localhost:3203")).toMatchObject({
      id: "localhost",
      origin: "http://localhost:3203",
    });
  });
});
