import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// The odds analytics recomputed from the CSV cells with code written here (not lib/odds): margins,
// the three no-vig methods, consensus, best price, early-to-closing movement and CLV against
// Pinnacle's close for several Premier League 2024/25 contests, an ATP 2024 match, and the
// edition's Brier score and log loss per bookmaker. Real HTTP on an in-process lean server.
const env = vi.hoisted(() => {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const fs = require("node:fs") as typeof import("node:fs");
  const os = require("node:os") as typeof import("node:os");
  const path = require("node:path") as typeof import("node:path");
  /* eslint-enable @typescript-eslint/no-require-imports */
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-odds-analytics-"));
  const url = `file:${path.join(dir, "odds.db")}`;
  Object.assign(process.env, {
    DATABASE_URL: url,
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "test-secret-not-for-production-0123456789",
    REQUEST_LOG: "off",
  });
  return { dir, url };
});

import { db } from "../../lib/platform/db";
import { importFile } from "../../lib/importers";
import { canonicalName } from "../../lib/importers/team-names";
import { replayPlan } from "../../lib/replay/plan";
import { sharedDataDir } from "../support/shared-data";
import { startHarness, type Harness } from "../ingest/harness";

let h: Harness;
const E0 = () => path.join(sharedDataDir(), "football-data", "E0-2024-25.csv");
const ATP = () => path.join(sharedDataDir(), "tennis-data", "atp-2024.csv");

/** The files hold no quoted commas: one row per line, cells by header name. */
function rows(file: string): Array<Record<string, string>> {
  const [head, ...lines] = fs
    .readFileSync(file, "utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/);
  const cols = head.split(",");
  return lines.map((l) => Object.fromEntries(l.split(",").map((v, i) => [cols[i], v])));
}

// The test's own arithmetic, solved by plain bisection.
const inv = (o: number[]) => o.map((x) => 1 / x);
const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const bisect = (f: (x: number) => number, lo: number, hi: number) => {
  for (let i = 0; i < 300; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) > 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
};
const mult = (o: number[]) => inv(o).map((p) => p / total(inv(o)));
const powerK = (o: number[]) => bisect((k) => total(inv(o).map((p) => p ** k)) - 1, 0.01, 50);
const shinP = (o: number[], z: number) =>
  inv(o).map((p) => (Math.sqrt(z * z + (4 * (1 - z) * p * p) / total(inv(o))) - z) / (2 * (1 - z)));
const shinZ = (o: number[]) => bisect((z) => total(shinP(o, z)) - 1, -0.99, 0.99);

// football-data.co.uk's bookmaker codes (its notes.txt) and the outcome columns per market.
const BOOKS: Record<string, string> = {
  B365: "bet365",
  BW: "bwin",
  BF: "betfair",
  PS: "pinnacle",
  WH: "williamhill",
  "1XB": "1xbet",
  BFE: "betfair_exchange",
};
const h2hCells = (r: Record<string, string>, code: string, closing: boolean) => {
  const c = closing ? "C" : "";
  const v = ["H", "D", "A"].map((s) => Number(r[`${code}${c}${s}`] || NaN));
  return v.every((x) => x > 1) ? v : null;
};
const SEL = ["home", "draw", "away"];

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const get = async (p: string): Promise<Json> => {
  const res = await fetch(`${h.baseUrl}/v1${p}`, { headers: { "X-API-Key": h.readKey } });
  const body = (await res.json()) as Json;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.data as Json;
};

async function contestOf(home: string, away: string): Promise<number> {
  const c = await db.contest.findFirst({
    where: {
      AND: [
        { participants: { some: { side: "home", team: { name: { in: [home, canonicalName(home)] } } } } },
        { participants: { some: { side: "away", team: { name: { in: [away, canonicalName(away)] } } } } },
      ],
    },
  });
  expect(c, `${home} v ${away}`).not.toBeNull();
  return c!.id;
}

beforeAll(async () => {
  h = await startHarness(env.dir, env.url);
  await importFile(db, E0(), { createTeams: true });
  // The season's first 40 ATP matches (a copy in the test's temporary folder): the season is 1,813.
  const [head, ...atp] = fs.readFileSync(ATP(), "utf8").trim().split(/\r?\n/);
  const part = path.join(env.dir, "atp-2024-part.csv");
  fs.writeFileSync(part, [head, ...atp.slice(0, 40)].join("\n"));
  await importFile(db, part);
}, 240_000);
afterAll(async () => h?.stop());

const expectVector = (got: Record<string, number>, want: number[], sel: string[], tol = 1e-6) =>
  sel.forEach((s, i) => expect(Math.abs(got[s] - want[i]), s).toBeLessThan(tol));

describe("Premier League 2024/25 contests, recomputed from the CSV cells", () => {
  const picks = [1, 2, 50, 200, 350];
  it.each(picks)("row %i: margins, no-vig, movement, consensus, best, published", async (n) => {
    const r = rows(E0())[n - 1];
    const id = await contestOf(r.HomeTeam, r.AwayTeam);
    const data = await get(`/contests/${id}/odds/markets`);
    const h2h = data.markets.find((m: Json) => m.market === "h2h");
    expect(h2h.outcomes).toEqual(SEL);
    for (const [code, name] of Object.entries(BOOKS)) {
      const book = h2h.bookmakers.find((b: Json) => b.bookmaker === name);
      for (const closing of [false, true]) {
        const o = h2hCells(r, code, closing);
        const snap = book?.[closing ? "closing" : "early"];
        if (!o) continue;
        expect(snap.prices).toEqual({ home: o[0], draw: o[1], away: o[2] });
        expect(Math.abs(snap.margin - (total(inv(o)) - 1))).toBeLessThan(1e-12);
        const nv = snap.no_vig;
        for (const m of ["multiplicative", "power", "shin"])
          expect(Math.abs(total(Object.values(nv[m].probabilities)) - 1)).toBeLessThan(1e-9);
        expectVector(nv.multiplicative.probabilities, mult(o), SEL);
        const k = powerK(o);
        expect(Math.abs(nv.power.k - k)).toBeLessThan(1e-6);
        expectVector(
          nv.power.probabilities,
          inv(o).map((p) => p ** k),
          SEL,
        );
        const z = shinZ(o);
        expect(Math.abs(nv.shin.z - z)).toBeLessThan(1e-6);
        expectVector(nv.shin.probabilities, shinP(o, z), SEL);
      }
      const e = h2hCells(r, code, false);
      const c = h2hCells(r, code, true);
      if (e && c)
        SEL.forEach((s, i) => {
          expect(Math.abs(book.movement[s].odds - (c[i] - e[i]))).toBeLessThan(1e-12);
          expect(Math.abs(book.movement[s].implied_probability - (1 / c[i] - 1 / e[i]))).toBeLessThan(1e-12);
        });
    }
    for (const closing of [false, true]) {
      const phase = closing ? "closing" : "early";
      const books = Object.entries(BOOKS).flatMap(([code, name]) => {
        const o = h2hCells(r, code, closing);
        return o ? [{ name, o }] : [];
      });
      const mean = SEL.map((_, i) => total(books.map((b) => mult(b.o)[i])) / books.length);
      expect(h2h.consensus[phase].bookmakers).toBe(books.length);
      expectVector(h2h.consensus[phase].probabilities, mean, SEL, 1e-12);
      SEL.forEach((s, i) => {
        const top = Math.max(...books.map((b) => b.o[i]));
        const who = books
          .filter((b) => b.o[i] === top)
          .map((b) => b.name)
          .sort()[0];
        expect(h2h.best[phase][s]).toEqual({ price: top, bookmaker: who });
      });
      // The file's own Max and Avg columns, as published.
      for (const [code, name] of [
        ["Max", "market_max"],
        ["Avg", "market_avg"],
      ]) {
        const pub = h2h.published.find((p: Json) => p.bookmaker === name)[phase];
        const o = h2hCells(r, code, closing)!;
        expect(pub.prices).toEqual({ home: o[0], draw: o[1], away: o[2] });
      }
    }
    // Over/under 2.5: Pinnacle's columns are P>2.5 / PC>2.5.
    const totals = data.markets.find((m: Json) => m.market === "totals" && m.line === 2.5);
    const ps = totals.bookmakers.find((b: Json) => b.bookmaker === "pinnacle");
    const ou = [Number(r["PC>2.5"]), Number(r["PC<2.5"])];
    expect(Math.abs(ps.closing.margin - (total(inv(ou)) - 1))).toBeLessThan(1e-12);
    expectVector(ps.closing.no_vig.shin.probabilities, shinP(ou, shinZ(ou)), ["over", "under"]);
    // Asian handicap at the closing line AHCh (home side's handicap).
    const ah = data.markets.find((m: Json) => m.market === "spreads" && m.line === Number(r.AHCh));
    const pah = [Number(r.PCAHH), Number(r.PCAHA)];
    const pin = ah.bookmakers.find((b: Json) => b.bookmaker === "pinnacle");
    expectVector(pin.closing.no_vig.multiplicative.probabilities, mult(pah), ["home", "away"]);
  });

  it("CLV of a price against Pinnacle's close, for a number of your own and a bookmaker's early price", async () => {
    const r = rows(E0())[1];
    const id = await contestOf(r.HomeTeam, r.AwayTeam);
    const close = h2hCells(r, "PS", true)!;
    const p = mult(close);
    const mine = await get(`/contests/${id}/odds/clv?market=h2h&selection=away&odds=1.4`);
    expect(mine).toMatchObject({
      reference: "pinnacle",
      reference_bookmakers: 1,
      bookmaker: null,
      odds: 1.4,
    });
    expect(Math.abs(mine.clv - (1.4 * p[2] - 1))).toBeLessThan(1e-12);
    const b365 = await get(`/contests/${id}/odds/clv?market=h2h&selection=home&bookmaker=bet365&method=shin`);
    const early = Number(r.B365H);
    expect(b365.odds).toBe(early);
    expect(Math.abs(b365.clv - (early * shinP(close, shinZ(close))[0] - 1))).toBeLessThan(1e-6);
    const over = await get(`/contests/${id}/odds/clv?market=totals&selection=over&line=2.5&odds=1.5`);
    const ou = [Number(r["PC>2.5"]), Number(r["PC<2.5"])];
    expect(Math.abs(over.clv - (1.5 * mult(ou)[0] - 1))).toBeLessThan(1e-12);
  });

  it("the edition's Brier score and log loss per bookmaker, from the closing 1X2 columns and FTR", async () => {
    const all = rows(E0());
    const id = await contestOf(all[0].HomeTeam, all[0].AwayTeam);
    const edition = (await db.contest.findUniqueOrThrow({ where: { id } })).editionId;
    const data = await get(`/editions/${edition}/odds/bookmakers`);
    for (const [code, name] of Object.entries(BOOKS)) {
      const scores = all.flatMap((r) => {
        const o = h2hCells(r, code, true);
        if (!o || !r.FTR) return [];
        const p = mult(o);
        const k = "HDA".indexOf(r.FTR);
        return [{ brier: total(p.map((x, i) => (x - (i === k ? 1 : 0)) ** 2)), log: -Math.log(p[k]) }];
      });
      const margins = all.flatMap((r) => {
        const o = h2hCells(r, code, true);
        return o ? [total(inv(o)) - 1] : [];
      });
      const item = data.items.find((i: Json) => i.bookmaker === name);
      expect(item.scored, name).toBe(scores.length);
      expect(Math.abs(item.brier - total(scores.map((s) => s.brier)) / scores.length)).toBeLessThan(1e-9);
      expect(Math.abs(item.log_loss - total(scores.map((s) => s.log)) / scores.length)).toBeLessThan(1e-9);
      expect(Math.abs(item.mean_margin.closing - total(margins) / margins.length)).toBeLessThan(1e-9);
    }
    expect(data.items.map((i: Json) => i.bookmaker)).not.toContain("market_max");
  });
});

describe("a sandbox replay", () => {
  it("reports at kick-off each book's early-to-closing moves of at least ODDS_MOVED_MIN_PP (0.5 pp)", async () => {
    const r = rows(E0())[0];
    const id = await contestOf(r.HomeTeam, r.AwayTeam);
    const [kickOff] = await replayPlan(db, id);
    expect(kickOff.changes.map((c) => c.type)).toEqual(["odds.moved", "contest.status"]);
    // h2h and over/under 2.5 of every book (Pinnacle's totals are P>2.5/PC>2.5); the handicap
    // lines differ between the snapshots (AHh -1, AHCh -0.75), so no handicap outcome moved.
    const cells: Array<[string, string, string]> = [];
    for (const code of Object.keys(BOOKS)) {
      for (const s of "HDA") cells.push([`${code}${s}`, `${code}C${s}`, code]);
      const t = code === "PS" ? "P" : code;
      for (const s of [">2.5", "<2.5"]) cells.push([`${t}${s}`, `${t}C${s}`, code]);
    }
    const expected = cells.flatMap(([e, c]) => {
      if (!r[e] || !r[c]) return [];
      const move = (1 / Number(r[c]) - 1 / Number(r[e])) * 100;
      return Math.abs(move) >= 0.5 ? [move] : [];
    });
    const data = kickOff.changes[0].data as {
      count: number;
      magnitude_pp: number;
      moves: { change_pp: number }[];
    };
    expect(data.count).toBe(expected.length);
    expect(Math.abs(data.magnitude_pp - Math.max(...expected.map(Math.abs)))).toBeLessThan(1e-6);
    expect(data.moves.map((m) => m.change_pp).sort()).toEqual(
      expected.map((m) => Math.round(m * 1e9) / 1e9).sort(),
    );
  });
});

describe("an ATP 2024 match, recomputed from the CSV cells", () => {
  it("margins, no-vig, consensus and best price of the winner market", async () => {
    const r = rows(ATP())[0];
    const winner = await db.person.findFirstOrThrow({ where: { name: r.Winner } });
    const cp = await db.contestParticipant.findFirstOrThrow({
      where: { personId: winner.id, contest: { participants: { some: { person: { name: r.Loser } } } } },
    });
    const data = await get(`/contests/${cp.contestId}/odds/markets`);
    const m = data.markets[0];
    const ws = cp.side;
    const ls = ws === "home" ? "away" : "home";
    const books = [
      ["bet365", [Number(r.B365W), Number(r.B365L)]],
      ["pinnacle", [Number(r.PSW), Number(r.PSL)]],
    ] as const;
    for (const [name, o] of books) {
      const snap = m.bookmakers.find((b: Json) => b.bookmaker === name).early;
      expect(snap.prices).toEqual({ [ws]: o[0], [ls]: o[1] });
      expect(Math.abs(snap.margin - (total(inv([...o])) - 1))).toBeLessThan(1e-12);
      expectVector(snap.no_vig.multiplicative.probabilities, mult([...o]), [ws, ls]);
      expectVector(
        snap.no_vig.power.probabilities,
        inv([...o]).map((p) => p ** powerK([...o])),
        [ws, ls],
      );
      expectVector(snap.no_vig.shin.probabilities, shinP([...o], shinZ([...o])), [ws, ls]);
    }
    const mean = [0, 1].map((i) => (mult([...books[0][1]])[i] + mult([...books[1][1]])[i]) / 2);
    expectVector(m.consensus.early.probabilities, mean, [ws, ls], 1e-12);
    const bestW = Math.max(books[0][1][0], books[1][1][0]);
    expect(m.best.early[ws].price).toBe(bestW);
    expect(m.published.find((p: Json) => p.bookmaker === "market_max").early.prices[ws]).toBe(Number(r.MaxW));
  });
});
