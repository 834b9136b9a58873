import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { createClient, type Db } from "../../lib/platform/db/client";
import { applyMigrations } from "../../lib/platform/db/schema-engine";
import { openSigningSecret, signatureHeaders } from "../../lib/webhooks/sign";
import { ROOT } from "../support/app";
import { admin } from "../support/cli";

let dir: string;
let url: string;
let db: Db;
const SECRET = "cli-test-secret-not-for-production-0123456789";

beforeAll(async () => {
  process.env.NEXTAUTH_SECRET = SECRET;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-webhook-cli-"));
  url = `file:${path.join(dir, "cli.db")}`;
  await applyMigrations(url);
  db = createClient(url);
});
afterAll(async () => {
  await db?.$disconnect();
  fs.rmSync(dir, { recursive: true, force: true });
});

const run = (...args: string[]) => admin(url, "webhook", ...args);

describe("admin webhook", () => {
  it("add prints the signing secret last, once; it is sealed at rest and signs verifiable deliveries", async () => {
    const out = run(
      "add",
      "--email",
      "Ops@Example.com",
      "--url",
      "https://hooks.example.com/in",
      "--events",
      "contest.score,odds",
    );
    const lines = out.trim().split("\n");
    const secret = lines[lines.length - 1];
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(out.split(secret)).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^added webhook \S+ -> https:\/\/hooks\.example\.com\/in \(contest\.score,odds\.points,odds\.moved\) for ops@example\.com$/,
    );
    const row = await db.webhookEndpoint.findFirstOrThrow();
    expect(row.secret).not.toContain(secret.slice(6));
    expect(openSigningSecret(row.secret)).toBe(secret);
    // What the sender signs with the stored secret verifies with the standardwebhooks package.
    const body = JSON.stringify({ type: "webhook.test", timestamp: new Date().toISOString(), data: {} });
    expect(new Webhook(secret).verify(body, signatureHeaders(secret, "evt_1", body))).toEqual(
      JSON.parse(body),
    );
    const audit = await db.auditEvent.findFirstOrThrow({ where: { action: "webhook.created" } });
    expect(audit).toMatchObject({ targetId: row.id, ip: "admin-cli" });
    expect(JSON.stringify(audit)).not.toContain(secret.slice(6));
  });

  it("list shows endpoints without secrets; --email filters", () => {
    run("add", "--email", "other@example.com", "--url", "http://other.example.com/hook");
    const all = run("list").trim().split("\n");
    expect(all).toHaveLength(2);
    expect(all.join("\n")).not.toContain("whsec_");
    const mine = run("list", "--email", "ops@example.com").trim().split("\n");
    expect(mine).toHaveLength(1);
    expect(mine[0].split("\t").slice(1, 4)).toEqual([
      "https://hooks.example.com/in",
      "contest.score,odds.points,odds.moved",
      "active",
    ]);
  });

  it("remove deletes one endpoint; bad input is a clear error", async () => {
    const id = run("list", "--email", "ops@example.com").split("\t")[0];
    expect(run("remove", id).trim()).toBe(`removed webhook ${id}`);
    expect(await db.webhookEndpoint.count()).toBe(1);
    const fails = (...args: string[]) => {
      try {
        execFileSync(process.execPath, ["--import", "tsx", "scripts/admin.ts", "webhook", ...args], {
          cwd: ROOT,
          env: { ...process.env, DATABASE_URL: url },
          encoding: "utf8",
          stdio: ["ignore", "pipe", "pipe"],
        });
        return "";
      } catch (err) {
        return String((err as { stderr?: string }).stderr);
      }
    };
    expect(fails("remove", id)).toContain("Webhook endpoint not found");
    expect(fails("add", "--email", "a@example.com", "--url", "ftp://x.example.com")).toContain(
      "https:// or http://",
    );
    expect(fails("add", "--email", "a@example.com", "--url", "https://u:p@x.example.com")).toContain(
      "credentials",
    );
    expect(
      fails("add", "--email", "a@example.com", "--url", "https://x.example.com", "--events", "goals"),
    ).toContain("unknown event type: goals");
    const threshold = [
      "add",
      "--email",
      "a@example.com",
      "--url",
      "https://x.example.com",
      "--odds-threshold-pp",
    ];
    expect(fails(...threshold, "0.1")).toContain("between ODDS_MOVED_MIN_PP (0.5) and 100");
    expect(fails(...threshold, "two")).toContain("--odds-threshold-pp must be a number");
  });
});

describe("admin CLI on a default install (no NEXTAUTH_SECRET in its environment)", () => {
  /** Runs the CLI from `cwd` (where npm start keeps data/auth-secret), NEXTAUTH_SECRET and WEBHOOK_ALLOW_PRIVATE unset. */
  const cli = (cwd: string, ...args: string[]) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url };
    delete env.NEXTAUTH_SECRET;
    delete env.WEBHOOK_ALLOW_PRIVATE;
    const loader = path.join(ROOT, "node_modules", "tsx", "dist", "loader.mjs");
    try {
      const out = execFileSync(
        process.execPath,
        ["--import", loader, path.join(ROOT, "scripts", "admin.ts"), ...args],
        {
          cwd,
          env,
          encoding: "utf8",
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      return { ok: true, out };
    } catch (err) {
      return { ok: false, out: String((err as { stderr?: string }).stderr) };
    }
  };

  it("webhook add seals with the secret npm start generated into data/auth-secret", () => {
    const home = fs.mkdtempSync(path.join(dir, "install-"));
    fs.mkdirSync(path.join(home, "data"));
    const fileSecret = "generated-by-npm-start-0123456789abcdefghij";
    fs.writeFileSync(path.join(home, "data", "auth-secret"), `${fileSecret}\n`, { mode: 0o600 });
    const r = cli(
      home,
      "webhook",
      "add",
      "--email",
      "default@example.com",
      "--url",
      "https://hooks.example.com/d",
    );
    expect(r.ok, r.out).toBe(true);
    const secret = r.out.trim().split("\n").at(-1)!;
    expect(secret).toMatch(/^whsec_/);
    return db.webhookEndpoint
      .findFirstOrThrow({ where: { url: "https://hooks.example.com/d" } })
      .then((row) => {
        // What the server (which read the same file) opens: the secret the CLI printed.
        process.env.NEXTAUTH_SECRET = fileSecret;
        try {
          expect(openSigningSecret(row.secret)).toBe(secret);
        } finally {
          process.env.NEXTAUTH_SECRET = SECRET;
        }
      });
  });

  it("without the file or the variable it says what to do", () => {
    const empty = fs.mkdtempSync(path.join(dir, "fresh-"));
    const r = cli(
      empty,
      "webhook",
      "add",
      "--email",
      "x@example.com",
      "--url",
      "https://hooks.example.com/x",
    );
    expect(r.ok).toBe(false);
    expect(r.out).toContain("NEXTAUTH_SECRET is not set and data/auth-secret does not exist");
    expect(r.out).toContain("npm start");
  });

  it("a private target names WEBHOOK_ALLOW_PRIVATE and that the CLI reads its own environment", () => {
    const home = fs.mkdtempSync(path.join(dir, "private-"));
    const r = cli(home, "webhook", "add", "--email", "x@example.com", "--url", "http://127.0.0.1:9/x");
    expect(r.ok).toBe(false);
    expect(r.out).toContain("private, loopback or link-local");
    expect(r.out).toMatch(/WEBHOOK_ALLOW_PRIVATE=1.*its own environment/);
  });
});
