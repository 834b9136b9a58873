import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// `statline ingest` (bin/cli/ingest.mjs) against a real server: the in-process lean server of
// tests/ingest/harness.ts on a fresh SQLite database, the CLI as a child process over HTTP.
const env = vi.hoisted(() => {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const fs = require("node:fs") as typeof import("node:fs");
  const os = require("node:os") as typeof import("node:os");
  const path = require("node:path") as typeof import("node:path");
  /* eslint-enable @typescript-eslint/no-require-imports */
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-ingest-cli-"));
  const url = `file:${path.join(dir, "cli.db")}`;
  Object.assign(process.env, {
    DATABASE_URL: url,
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "test-secret-not-for-production-0123456789",
    REQUEST_LOG: "off",
  });
  return { dir, url };
});

import { db } from "../../lib/platform/db";
import { headId } from "../../lib/events/store";
import { startHarness, type Harness } from "./harness";

let h: Harness;
const BIN = path.resolve(__dirname, "../../bin/statline.mjs");

interface Summary {
  lines: number;
  requests: number;
  by_status: Record<string, number>;
  created: number;
  ignored: number;
  refused: Array<{ line: number; status: number; message: string }>;
}

function cli(args: string[], opts: { stdin?: string; key?: string } = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      [BIN, "ingest", ...args, "--base-url", h.baseUrl],
      {
        // Only what the CLI needs: no STATLINE_API_KEY from the test's environment.
        env: { NODE_ENV: "test", PATH: process.env.PATH, STATLINE_INGEST_KEY: opts.key ?? h.ingestKey },
      },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
    if (opts.stdin !== undefined) child.stdin!.end(opts.stdin);
  });
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 18, 15, minute)).toISOString();
const op = (o: string, p: string, body: Record<string, unknown>) => JSON.stringify({ op: o, path: p, body });
const file = (name: string, text: string) => {
  const f = path.join(env.dir, name);
  fs.writeFileSync(f, text);
  return f;
};

beforeAll(async () => {
  h = await startHarness(env.dir, env.url);
}, 60_000);
afterAll(async () => h?.stop());

describe("statline ingest", () => {
  const match = [
    op("PUT", "/opta/competitions/wc", { name: "FIFA World Cup", format: "knockout", feed_at: at(0) }),
    op("PUT", "/opta/editions/wc26", { competition: "wc", name: "2026", feed_at: at(0) }),
    op("PUT", "/opta/teams/arg", { name: "Argentina", country: "AR", feed_at: at(0) }),
    op("PUT", "/opta/teams/fra", { name: "France", country: "FR", feed_at: at(0) }),
    op("PUT", "/opta/contests/final", {
      edition: "wc26",
      home: { team: "arg" },
      away: { team: "fra" },
      kickoff_at: at(0),
      feed_at: at(0),
    }),
    "",
    op("POST", "/opta/contests/final/state", {
      status: "live",
      score: { home: 1, away: 0 },
      feed_at: at(30),
    }),
    op("POST", "/opta/contests/final/state", { score: { home: 0, away: 0 }, feed_at: at(10) }),
    "{not json",
    op("POST", "/opta/contests/nope/state", { status: "live", feed_at: at(30) }),
  ].join("\n");

  it("posts an NDJSON file: a summary of accepted, ignored as older and refused lines by number", async () => {
    const r = await cli([file("match.ndjson", match), "--json"]);
    expect(r.code, r.stderr).toBe(1);
    const s = JSON.parse(r.stdout) as Summary;
    expect(s).toMatchObject({ lines: 9, requests: 8, created: 5, ignored: 1 });
    expect(s.by_status).toEqual({ 200: 2, 201: 5, 404: 1 });
    expect(s.refused.map((x) => [x.line, x.status])).toEqual([
      [9, 0],
      [10, 404],
    ]);
    expect(s.refused[1].message).toMatch(/Contest 'nope'/);
    expect(r.stderr).toMatch(/9 lines read, 8 requests sent, done/);
    const final = await db.contestParticipant.findMany({ where: { contest: { round: "" } } });
    expect(final.map((p) => p.score).sort()).toEqual([0, 1]);
  });

  it("run again, the same file changes nothing (the same Idempotency-Keys replay the answers)", async () => {
    const head = await headId(db);
    const r = await cli([file("match.ndjson", match)]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^9 lines, 8 requests \(/);
    expect(r.stdout).toMatch(/created: 5, ignored as older: 1, refused: 2/);
    expect(r.stdout).toMatch(/line 9: not valid JSON/);
    expect(await headId(db)).toBe(head);
  });

  it("streams odds from stdin in batches; a bad price refuses its batch, naming the line", async () => {
    const price = (selection: string, p: number | string, minute: number) =>
      JSON.stringify({
        contest: "final",
        bookmaker: "pinnacle",
        market: "h2h",
        selection,
        price: p,
        observed_at: at(minute),
      });
    const lines = [
      price("home", 2.6, 1),
      price("draw", 3.1, 1),
      price("away", 2.9, 1),
      price("home", 2.4, 2),
      price("draw", "x", 2),
      price("away", 3.0, 2),
      price("home", 2.2, 3),
    ];
    const before = await db.oddsPoint.count();
    const r = await cli(["-", "--odds", "opta", "--batch", "3", "--json"], {
      stdin: lines.join("\n") + "\n",
    });
    const s = JSON.parse(r.stdout) as Summary;
    expect(s).toMatchObject({ lines: 7, requests: 3 });
    expect(s.by_status).toEqual({ 201: 2, 400: 1 });
    expect(s.refused).toEqual([
      { line: 5, status: 400, message: expect.stringMatching(/^Invalid field '\/price'/) },
    ]);
    expect(await db.oddsPoint.count()).toBe(before + 4);
    expect(r.code).toBe(1);
  });

  it("posts a JSON array file, and refuses without a key or with a read key", async () => {
    const doc = JSON.stringify([
      { op: "PUT", path: "/opta/teams/bra", body: { name: "Brazil", country: "BR", feed_at: at(0) } },
    ]);
    const ok = await cli([file("teams.json", doc), "--json"]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ lines: 1, requests: 1, created: 1, refused: [] });
    const noKey = await cli([file("teams.json", doc)], { key: "" });
    expect(noKey.code).toBe(64);
    expect(noKey.stderr).toMatch(/set STATLINE_INGEST_KEY/);
    const read = await cli([file("teams2.json", doc), "--json"], { key: h.readKey });
    expect(JSON.parse(read.stdout).refused[0]).toMatchObject({ status: 403 });
  });

  it("the reserved source 'statline' writes to Statline's own contest ids; an unknown one is 404", async () => {
    const contest = await db.contest.findFirstOrThrow({ orderBy: { id: "asc" } });
    const state = (id: string) => ({
      op: "POST",
      path: `/statline/contests/${id}/state`,
      body: {
        score: { home: 2, away: 1 },
        score_detail: { home: "6-4 6-3", away: "4-6 3-6" },
        feed_at: at(40),
      },
    });
    const r = await cli([
      file("own.json", JSON.stringify([state(String(contest.id)), state("999999"), state("abc")])),
      "--json",
    ]);
    const s = JSON.parse(r.stdout) as Summary;
    expect(s.by_status).toEqual({ 200: 1, 404: 2 });
    expect(s.refused.map((x) => x.message)).toEqual([
      "Contest '999999' of source 'statline' not found",
      "Contest 'abc' of source 'statline' not found",
    ]);
    const sides = await db.contestParticipant.findMany({
      where: { contestId: contest.id },
      orderBy: { side: "desc" },
    });
    expect(sides.map((p) => [p.score, p.scoreDetail])).toEqual([
      [2, "6-4 6-3"],
      [1, "4-6 3-6"],
    ]);
  });
});
