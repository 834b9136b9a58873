import { expect, test } from "vitest";
import { matchRoute } from "./router";
import { namedKeys, pathHint } from "./slugs";

/** The names a request gives where ids are asked for, from its path and query string. */
function named(url: string) {
  const [path, query = ""] = url.split("?");
  const match = matchRoute(path);
  if (!match) throw new Error(`no route for ${path}`);
  return namedKeys(match.route, match.params, new URLSearchParams(query)).map(
    (n) => `${n.param ?? "{id}"}:${n.kind}:${n.key}`,
  );
}

test("names in paths and parameters, each read as its kind's id", () => {
  expect(named("/v1/teams/argentina/head-to-head?opponent=france")).toEqual([
    "{id}:team:argentina",
    "opponent:team:france",
  ]);
  expect(named("/v1/contests?edition=world-cup-2022&competition=en.1&team=man-city")).toEqual([
    "edition:edition:world-cup-2022",
    "competition:competition:en.1",
    "team:team:man-city",
  ]);
  expect(named("/v1/editions/en.1-2024-25/odds/bookmakers")).toEqual(["{id}:edition:en.1-2024-25"]);
  expect(named("/v1/competitions/world-cup")).toEqual(["{id}:competition:world-cup"]);
});

test("ids, duplicates and values that are not names are left to the id's validation", () => {
  expect(named("/v1/teams/12/stats?edition=3")).toEqual([]);
  // An edition name ends in its season; a team slug has no capitals, dots or doubled hyphens.
  expect(named("/v1/contests?edition=abc&team=Argentina")).toEqual([]);
  expect(named("/v1/contests?team=a--b&edition=world-cup-22")).toEqual([]);
  expect(named("/v1/contests?team=argentina&team=france")).toEqual([]);
  expect(named("/v1/rosters?team=en.1")).toEqual([]);
  // Persons and contests are found by id only.
  expect(named("/v1/persons/kylian-mbappe")).toEqual([]);
  expect(named("/v1/contests/the-final?timezone=UTC")).toEqual([]);
  expect(named("/v1/contests?person=kylian-mbappe")).toEqual([]);
});

test("a guessed path is answered with the right one", () => {
  expect(pathHint("/v1/fixtures")).toBe("; did you mean /v1/contests?status=scheduled?");
  expect(pathHint("/v1/nothing")).toBe("");
});
