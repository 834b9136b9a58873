import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ImportError, parseFile } from "../../lib/importers/index";
import type { ParsedFile } from "../../lib/importers/types";
import { sharedDataDir } from "../support/shared-data";

/**
 * Three published kick-offs (UTC) per shared file: the clubs' or organisers' published local time
 * converted by hand. football-data.co.uk writes UK time whatever the league; openfootball writes the
 * league's (the World Cup's: Qatar's, UTC+3; the Champions League's: CET/CEST).
 */
const PUBLISHED: Record<string, Array<[home: string, away: string, utc: string]>> = {
  "openfootball/2022/worldcup.json": [
    ["Qatar", "Ecuador", "2022-11-20T16:00:00.000Z"], // 19:00 AST, Al Bayt
    ["England", "Iran", "2022-11-21T13:00:00.000Z"], // 16:00 AST
    ["Argentina", "France", "2022-12-18T15:00:00.000Z"], // the final, 18:00 AST
  ],
  "openfootball/2024-25_en.1.json": [
    ["Manchester United FC", "Fulham FC", "2024-08-16T19:00:00.000Z"], // 20:00 BST
    ["Ipswich Town FC", "Liverpool FC", "2024-08-17T11:30:00.000Z"], // 12:30 BST
    ["Liverpool FC", "Crystal Palace FC", "2025-05-25T15:00:00.000Z"], // 16:00 BST, final day
  ],
  "openfootball/2024-25_uefa.cl.json": [
    ["BSC Young Boys", "Aston Villa FC", "2024-09-17T16:45:00.000Z"], // 18:45 CEST
    ["Juventus FC", "PSV", "2025-02-11T20:00:00.000Z"], // 21:00 CET, play-off first leg
    ["Paris Saint-Germain FC", "FC Internazionale Milano", "2025-05-31T19:00:00.000Z"], // the final, 21:00 CEST
  ],
  "openfootball/2025_br.1.json": [
    ["São Paulo FC", "SC Recife", "2025-03-29T21:30:00.000Z"], // 18:30 Brasília (UTC-3)
    ["CR Flamengo", "SC Internacional", "2025-03-30T00:00:00.000Z"], // 21:00 Brasília
    ["SE Palmeiras", "Botafogo FR", "2025-03-30T19:00:00.000Z"], // 16:00 Brasília
  ],
  "openfootball/2023-24/en.1.json": [
    ["Burnley FC", "Manchester City FC", "2023-08-11T19:00:00.000Z"], // 20:00 BST
    ["Manchester City FC", "West Ham United FC", "2024-05-19T15:00:00.000Z"], // 16:00 BST
    ["Arsenal FC", "Nottingham Forest FC", "2023-08-12T12:00:00.000Z"], // as the file gives it, 13:00 BST
  ],
  "openfootball/2023-24/it.1.json": [
    ["Empoli FC", "Hellas Verona FC", "2023-08-19T16:30:00.000Z"], // 18:30 CEST
    ["Frosinone Calcio", "SSC Napoli", "2023-08-19T16:30:00.000Z"], // 18:30 CEST
    ["FC Internazionale Milano", "AC Monza", "2023-08-19T18:45:00.000Z"], // 20:45 CEST
  ],
  "openfootball/2024-25/de.1.json": [
    ["Borussia Mönchengladbach", "Bayer 04 Leverkusen", "2024-08-23T18:30:00.000Z"], // 20:30 CEST
    ["VfL Wolfsburg", "FC Bayern München", "2024-08-25T13:30:00.000Z"], // 15:30 CEST
    ["FC Bayern München", "Borussia Mönchengladbach", "2025-05-10T16:30:00.000Z"], // 18:30 CEST
  ],
  "football-data/E0-2024-25.csv": [
    ["Man United", "Fulham", "2024-08-16T19:00:00.000Z"], // 20:00 BST
    ["Arsenal", "Man United", "2024-12-04T20:15:00.000Z"], // 20:15 GMT
    ["Liverpool", "Arsenal", "2025-05-11T15:30:00.000Z"], // 16:30 BST
  ],
  "football-data/D1-2024-25.csv": [
    ["M'gladbach", "Leverkusen", "2024-08-23T18:30:00.000Z"], // 20:30 CEST (19:30 UK)
    ["Wolfsburg", "Bayern Munich", "2024-08-25T13:30:00.000Z"], // 15:30 CEST
    ["Bayern Munich", "Hoffenheim", "2025-01-15T19:30:00.000Z"], // 20:30 CET
  ],
};

let data: string;
beforeAll(() => {
  data = sharedDataDir();
});

describe("kick-off times of every shared football file, in UTC", () => {
  for (const [file, matches] of Object.entries(PUBLISHED))
    it(`${file}: three published kick-offs`, () => {
      const parsed = parseFile(path.join(data, file)) as ParsedFile;
      expect(parsed.errors).toEqual([]);
      for (const [home, away, utc] of matches) {
        const found = parsed.records.filter((r) => r.home.name === home && r.away.name === away);
        const at = found.map((r) => r.kickoffAt.toISOString());
        expect(at, `${home} v ${away}`).toContain(utc);
      }
    });

  it("keeps the World Cup's stadium as the contest's venue", () => {
    const parsed = parseFile(path.join(data, "openfootball/2022/worldcup.json")) as ParsedFile;
    const final = parsed.records.find((r) => r.round === "Final")!;
    expect(final.venue).toBe("Lusail Iconic Stadium, Lusail");
  });
});

describe("an openfootball file whose time zone is unknown", () => {
  const write = (name: string, matches: unknown[]) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-tz-"));
    fs.mkdirSync(path.join(dir, "2031"));
    const file = path.join(dir, "2031", name);
    fs.writeFileSync(file, JSON.stringify({ name: "Island Cup 2031", matches }));
    return file;
  };
  const match = (time: string) => ({
    round: "Final",
    date: "2031-07-01",
    time,
    team1: "North",
    team2: "South",
    score: { ft: [1, 0] },
  });

  it("is refused with a message naming --timezone instead of being read as UTC", () => {
    const file = write("islandcup.json", [match("19:00")]);
    expect(() => parseFile(file)).toThrow(ImportError);
    expect(() => parseFile(file)).toThrow(/--timezone <IANA zone>/);
    expect(() => parseFile(file)).toThrow(/"islandcup" 2031 is unknown/);
  });

  it("imports with --timezone, and a time that carries its offset needs no zone", () => {
    const file = write("islandcup.json", [match("19:00")]);
    const zoned = parseFile(file, { timeZone: "Pacific/Auckland" }) as ParsedFile;
    expect(zoned.records[0].kickoffAt.toISOString()).toBe("2031-07-01T07:00:00.000Z");
    const offset = parseFile(write("islandcup.json", [match("13:00 UTC-6")])) as ParsedFile;
    expect(offset.records[0].kickoffAt.toISOString()).toBe("2031-07-01T19:00:00.000Z");
  });
});
