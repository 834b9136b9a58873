import { describe, expect, it } from "vitest";
import { parseFootballData, preMatchObservedAt, seasonOf } from "./football-data";
import { teamKey } from "./teams";
import { zonedTimeToUtc } from "../sports/time";

const uk = (date: string, time: string) => zonedTimeToUtc(date, time, "Europe/London");

describe("football-data.co.uk odds timing", () => {
  it("weekend games (Fri-Mon): Friday 15:00 UK time, with British Summer Time handled", () => {
    expect(uk("2024-08-17", "15:00").toISOString()).toBe("2024-08-17T14:00:00.000Z");
    expect(preMatchObservedAt("2024-08-17", uk("2024-08-17", "12:30")).toISOString()).toBe(
      "2024-08-16T14:00:00.000Z",
    ); // Sat, BST
    expect(preMatchObservedAt("2024-08-19", uk("2024-08-19", "20:00")).toISOString()).toBe(
      "2024-08-16T14:00:00.000Z",
    ); // Mon
    expect(preMatchObservedAt("2024-12-29", uk("2024-12-29", "14:00")).toISOString()).toBe(
      "2024-12-27T15:00:00.000Z",
    ); // Sun, GMT
    expect(preMatchObservedAt("2024-08-16", uk("2024-08-16", "20:00")).toISOString()).toBe(
      "2024-08-16T14:00:00.000Z",
    ); // Fri evening
  });

  it("midweek games (Tue-Thu): Tuesday 15:00 UK time", () => {
    expect(preMatchObservedAt("2024-12-04", uk("2024-12-04", "19:30")).toISOString()).toBe(
      "2024-12-03T15:00:00.000Z",
    ); // Wed
    expect(preMatchObservedAt("2025-04-03", uk("2025-04-03", "20:00")).toISOString()).toBe(
      "2025-04-01T14:00:00.000Z",
    ); // Thu, BST
  });

  it("falls back to the previous collection day when the usual one is not before the closing odds", () => {
    expect(preMatchObservedAt("2024-12-06", uk("2024-12-06", "12:00")).toISOString()).toBe(
      "2024-12-03T15:00:00.000Z",
    ); // Fri noon -> Tue
    expect(preMatchObservedAt("2024-12-03", uk("2024-12-03", "12:30")).toISOString()).toBe(
      "2024-11-29T15:00:00.000Z",
    ); // Tue noon -> Fri
  });

  it("names the season from the first match date", () => {
    expect(seasonOf("2024-08-16")).toBe("2024/25");
    expect(seasonOf("2025-01-10")).toBe("2024/25");
    expect(seasonOf("1999-08-07")).toBe("1999/00");
  });
});

describe("football-data.co.uk rows", () => {
  const header =
    "Div,Date,Time,HomeTeam,AwayTeam,FTHG,FTAG,HTHG,HTAG,PSH,PSD,PSA,P>2.5,P<2.5,AHh,PAHH,PAHA,PSCH,AHCh,PCAHH,PCAHA";
  it("reads results, 1X2, totals and Asian handicap (home line, negated for away) with both snapshots", () => {
    const parsed = parseFootballData(
      `${header}\nE0,16/08/2024,20:00,Man United,Fulham,1,0,0,0,1.63,4.38,5.3,1.56,2.56,-1,2.07,1.86,1.65,-0.75,1.9,2.0\n`,
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.competition.name).toBe("English Premier League");
    expect(parsed.edition).toBe("2024/25");
    const [r] = parsed.records;
    expect(r).toMatchObject({
      status: "finished",
      score: [1, 0],
      halftime: [0, 0],
      kickoffAt: new Date("2024-08-16T19:00:00Z"),
    });
    const find = (market: string, selection: string, closing: boolean) =>
      r.odds.find((o) => o.market === market && o.selection === selection && o.isClosing === closing);
    expect(find("h2h", "home", false)).toMatchObject({
      bookmaker: "pinnacle",
      price: 1.63,
      line: null,
      observedAt: new Date("2024-08-16T14:00:00Z"),
    });
    expect(find("h2h", "home", true)).toMatchObject({
      price: 1.65,
      observedAt: new Date("2024-08-16T18:55:00Z"),
    });
    expect(find("totals", "under", false)).toMatchObject({ price: 2.56, line: 2.5 });
    expect(find("spreads", "home", false)).toMatchObject({ line: -1, price: 2.07 });
    expect(find("spreads", "away", false)).toMatchObject({ line: 1, price: 1.86 });
    expect(find("spreads", "away", true)).toMatchObject({ line: 0.75, price: 2.0 });
    expect(r.odds).toHaveLength(10);
  });

  it("reports malformed rows with their line and keeps the others; empty results mean scheduled", () => {
    const parsed = parseFootballData(
      [
        header,
        "E0,16/08/2024,20:00,A,B,x,0,,,,,,,,,,,,,,",
        "E0,17/08/2024,15:00,C,D,,,,,,,,,,,,,,,,",
        "E0,31/02/2024,15:00,E,F,1,1,,,,,,,,,,,,,,",
        "E0,18/08/2024,15:00,G,H,1,1,,,abc,,,,,,,,,,,",
        "E0,18/08/2024",
      ].join("\n"),
    );
    expect(parsed.records.map((r) => [r.where, r.status])).toEqual([["line 3", "scheduled"]]);
    expect(parsed.errors.map((e) => e.where)).toEqual([
      "line 2, column 6 (FTHG)",
      "line 4, column 2 (Date)",
      "line 5, column 10 (PSH)",
      "line 6",
    ]);
    expect(parsed.errors[0].message).toContain("full-time score");
    expect(parsed.errors[2].message).toContain('invalid price "abc" in column PSH');
    expect(parsed.errors[3].message).toContain("fields");
  });

  it("accepts empty cells beyond the header but not extra values", () => {
    const parsed = parseFootballData(
      `${header}\nE0,16/08/2024,20:00,A,B,1,0,0,0,,,,,,,,,,,,,,\nE0,17/08/2024,20:00,C,D,1,0,0,0,,,,,,,,,,,,,,7\n`,
    );
    expect(parsed.records.map((r) => r.where)).toEqual(["line 2"]);
    expect(parsed.errors.map((e) => e.where)).toEqual(["line 3"]);
  });
});

describe("team identity across sources", () => {
  it("matches football-data short names and openfootball full names", () => {
    expect(teamKey("Man City")).toBe(teamKey("Manchester City FC"));
    expect(teamKey("Nott'm Forest")).toBe(teamKey("Nottingham Forest FC"));
    expect(teamKey("Wolves")).toBe(teamKey("Wolverhampton Wanderers FC"));
    expect(teamKey("Brighton")).toBe(teamKey("Brighton & Hove Albion FC"));
    expect(teamKey("Bournemouth")).toBe(teamKey("AFC Bournemouth"));
    expect(teamKey("Manchester United FC")).not.toBe(teamKey("Manchester City FC"));
  });
});
