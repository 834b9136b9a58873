import { compileErrors, validate } from "@readme/openapi-parser";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { buildOpenApi } from "../../lib/docs/openapi";
import { RECORDS } from "../../lib/api/endpoints/docs";
import { routes } from "../../lib/api/routes";
import { DEFAULT_UNIT_COSTS } from "../../lib/plans/unit-groups";
import { call, MODES, type Mode } from "../support/api";
import { startApp, type RunningApp } from "../support/app";
import { buildFixture, type Fixture } from "../support/fixtures";

let fx: Fixture;
const apps = {} as Record<Mode, RunningApp>;

beforeAll(async () => {
  fx = await buildFixture();
  const started = await Promise.all(MODES.map((mode) => startApp({ databaseUrl: fx.url, mode })));
  MODES.forEach((m, i) => (apps[m] = started[i]));
});
afterAll(async () => {
  await Promise.all(Object.values(apps).map((a) => a.stop()));
  await fx?.db.$disconnect();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Doc = any;

describe.each(MODES)("%s server: GET /v1/openapi.json", (mode) => {
  test("is public, served as the raw document, and valid OpenAPI 3.1", async () => {
    const r = await call(apps[mode].baseUrl, "/v1/openapi.json");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/application\/json/);
    expect(r.headers.get("x-request-id")).toMatch(/^req_/);
    const doc: Doc = r.body;
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.data).toBeUndefined();
    const result = await validate(structuredClone(doc));
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
  });
});

describe("the document's content", () => {
  let doc: Doc;
  beforeAll(async () => {
    doc = (await call(apps.lean.baseUrl, "/v1/openapi.json")).body;
  });

  test("every route in lib/api/routes.ts is documented with every query parameter", () => {
    expect(
      Object.keys(doc.paths)
        .filter((p) => p.startsWith("/v1"))
        .sort(),
    ).toEqual(routes.map((r) => r.pattern).sort());
    for (const route of routes) {
      const op = doc.paths[route.pattern].get;
      expect(op.summary).toBe(route.summary);
      const documented = op.parameters
        .filter((p: { in: string }) => p.in === "query")
        .map((p: { name: string }) => p.name)
        .sort();
      const shape = route.query instanceof z.ZodObject ? Object.keys(route.query.shape).sort() : [];
      expect(documented, route.pattern).toEqual(shape);
      for (const m of route.pattern.matchAll(/\{(\w+)\}/g))
        expect(
          op.parameters.some((p: { in: string; name: string }) => p.in === "path" && p.name === m[1]),
        ).toBe(true);
      const codes = Object.keys(op.responses);
      expect(codes).toEqual(
        expect.arrayContaining(
          route.public ? ["200", "400", "404", "405"] : ["200", "400", "401", "404", "405", "429", "503"],
        ),
      );
      // The price is the route's group on the caller's plan; the document states the built-in price.
      expect(op["x-units"]).toBe(route.group === null ? 0 : DEFAULT_UNIT_COSTS[route.group]);
      expect(op["x-unit-group"]).toBe(route.group ?? undefined);
      if (route.public) expect(op.security).toEqual([]);
    }
  });

  test("security schemes, the error shape and the designed parts are described", () => {
    expect(doc.components.securitySchemes.ApiKeyHeader).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "X-API-Key",
    });
    expect(doc.components.securitySchemes.BearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.schemas.Error.properties.error.required).toEqual(["code", "message"]);
    for (const name of Object.keys(RECORDS)) expect(doc.components.schemas[name], name).toBeDefined();
    const text: string = doc.info.description;
    for (const phrase of [
      "API key required",
      "Invalid API key",
      "clamped to 200",
      "next_cursor",
      "next_before",
      "interval",
      "units",
      "At a glance",
      "both headers",
    ]) {
      expect(text).toContain(phrase);
    }
    const odds = doc.paths["/v1/contests/{id}/odds/history"].get;
    expect(odds.description).toMatch(/defaults to 100 and is clamped to 1000/);
    expect(odds.parameters.find((p: { name: string }) => p.name === "interval").schema.enum).toEqual([
      "raw",
      "1m",
      "5m",
      "15m",
      "1h",
      "1d",
    ]);
  });

  test("integer paging parameters, formats, named components, every status, contact and license", () => {
    const persons = doc.paths["/v1/persons"].get;
    const limit = persons.parameters.find((p: { name: string }) => p.name === "limit");
    expect(limit.schema).toMatchObject({ type: "integer", minimum: 1, default: 50 });
    expect(limit.description).toMatch(/clamped to 200/);
    expect(persons.responses["200"].content["application/json"].schema.$ref).toBe(
      "#/components/schemas/PersonsResponse",
    );
    for (const status of ["304", "400", "401", "404", "405", "429", "500", "503"])
      expect(persons.responses[status], status).toBeDefined();
    expect(Object.keys(persons.responses["200"].headers)).toEqual(
      expect.arrayContaining(["ETag", "Cache-Control", "X-RateLimit-Reset", "RateLimit", "X-Units-Cost"]),
    );
    const okOf = (path: string) =>
      doc.paths[path].get.responses["200"].content["application/json"].schema.$ref;
    expect(okOf("/v1/persons/{id}/odds/history")).toBe(okOf("/v1/contests/{id}/odds/history"));
    expect(doc.components.schemas.OddsHistoryPage).toBeDefined();
    expect(
      doc.components.schemas.Person.properties.birth_date.anyOf?.[0] ??
        doc.components.schemas.Person.properties.birth_date,
    ).toMatchObject({ format: "date" });
    expect(doc.components.schemas.Person.properties.id).toMatchObject({ maxLength: 10 });
    expect(doc.info.contact.name).toBeTruthy();
    expect(doc.info.license.name).toBeTruthy();
  });

  test("the served document includes the agent handoff endpoints", () => {
    for (const path of ["/api/agent/sessions", "/api/agent/token"])
      expect(doc.paths[path]?.post, path).toBeDefined();
    expect(doc.tags.map((t: { name: string }) => t.name)).toContain("Agent handoff");
  });

  test("extra paths (e.g. the agent handoff) can be merged into the same document", async () => {
    const extended: Doc = buildOpenApi(routes, RECORDS, [
      {
        paths: {
          "/api/agent/start": {
            post: { summary: "Start a handoff", responses: { 200: { description: "OK" } } },
          },
        },
        tags: [{ name: "Agent" }],
      },
    ]);
    expect(extended.paths["/api/agent/start"].post.summary).toBe("Start a handoff");
    expect(extended.paths["/v1/persons"]).toBeDefined();
    const result = await validate(extended);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
  });
});
