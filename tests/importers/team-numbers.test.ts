import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { baseKey, teamKey } from "../../lib/importers/team-names";
import { normalizeName } from "../../lib/sports/normalize";
import { sharedDataDir } from "../support/shared-data";

/**
 * Team names that differ by a trailing number are two teams; the founding years and ordinals that
 * real sources add or drop ("1. FSV Mainz 05" and "Mainz") still meet. Names read in place from
 * the shared football files.
 */
function realTeamNames(): string[] {
  const dir = sharedDataDir();
  const names = new Set<string>();
  const csv = (file: string, cols: string[]) => {
    const [head, ...rows] = fs.readFileSync(file, "utf8").split(/\r?\n/);
    const at = cols.map((c) => head.split(",").indexOf(c));
    for (const r of rows) for (const i of at) if (r.split(",")[i]) names.add(r.split(",")[i]);
  };
  for (const f of fs.readdirSync(path.join(dir, "football-data")))
    csv(path.join(dir, "football-data", f), ["HomeTeam", "AwayTeam"]);
  csv(path.join(dir, "international", "results.csv"), ["home_team", "away_team"]);
  const json = (d: string): string[] =>
    fs.readdirSync(d).flatMap((f) => {
      const p = path.join(d, f);
      if (fs.statSync(p).isDirectory()) return json(p);
      return f.endsWith(".json") ? [fs.readFileSync(p, "utf8")] : [];
    });
  for (const text of json(path.join(dir, "openfootball")))
    for (const m of text.matchAll(/"team[12]"\s*:\s*"([^"]+)"/g)) names.add(m[1]);
  return [...names];
}

describe("numbers in team names", () => {
  const names = realTeamNames();
  const numbered = names.filter((n) => /\d/.test(n));

  it("reads the real files' numbered clubs", () => {
    expect(names.length).toBeGreaterThan(300);
    expect(numbered).toEqual(expect.arrayContaining(["1. FSV Mainz 05", "TSG 1899 Hoffenheim"]));
  });

  it("drops the founding years and ordinals of every real name, as before", () => {
    const yearsDropped = (n: string) => {
      const words = normalizeName(n).split(" ");
      const kept = words.filter((w) => !/^\d+$/.test(w));
      return baseKey(kept.length ? kept.join(" ") : n);
    };
    for (const n of numbered) expect(baseKey(n), n).toBe(yearsDropped(n));
    expect(teamKey("1. FSV Mainz 05")).toBe(teamKey("Mainz"));
    expect(teamKey("Bayer 04 Leverkusen")).toBe(teamKey("Leverkusen"));
  });

  it("keeps a trailing number that tells two teams apart", () => {
    expect(teamKey("Alder Rovers 3")).not.toBe(teamKey("Alder Rovers 4"));
    expect(teamKey("Alder Rovers 2")).not.toBe(teamKey("Alder Rovers"));
    expect(teamKey("Alder Rovers 2")).toBe(teamKey("Alder Rovers FC 2"));
  });
});
