#!/usr/bin/env node
// The `statline` CLI: plain Node (>= 20), no dependencies. See docs/agent-handoff.md.
import fs from "node:fs";
import { parseArgs } from "node:util";
import { login } from "./cli/login.mjs";
import { fail } from "./cli/output.mjs";
import { completeTwoStep, startTwoStep } from "./cli/twostep.mjs";

const HELP = `statline login [options]     get an API key through the browser (agent handoff)
statline mcp [--base-url URL]  run the MCP server on stdio for agent clients (docs/mcp.md)
statline ingest <file|-> [--odds SOURCE] [--batch N] [--json]
                               post a JSON file or an NDJSON stream (a file, or - for stdin) to /ingest/v1
                               (docs/ingest.md); the key comes from STATLINE_INGEST_KEY, else STATLINE_API_KEY
statline keys check <key>      check a key's form and checksum offline (exit 0 valid, 1 not; - reads stdin)
statline verify [--repair] [--json]
                               operators, on the server's DATABASE_URL: recompute every derived fact from its
                               base facts and list each drift (docs/invariants.md); exit 1 on drift;
                               --repair corrects them in one transaction and records the changes

  --base-url URL               Statline server (default $STATLINE_BASE_URL, else $STATLINE_URL, else http://localhost:3000)
  --environment test|live      key environment to ask for (default test; live needs the approver's explicit choice)
  --name NAME                  key name shown in the dashboard (default "statline CLI on <host>")
  --client NAME                client name shown on the approval page (default "statline CLI")
  --mode auto|loopback|paste|poll
                               auto (default): browser + loopback + paste, or paste + poll over SSH/CI/no display
  --start --json               agents: start, print {url,user_code,expires_at,next_step}, keep the verifier in a 0600 file
  --complete [--no-wait]       agents: wait for the approval and save the key (--no-wait: one check, exit 2 if pending)
  --write-env                  write STATLINE_API_KEY to ./.env instead of the credentials file
  --print                      also print the key on stdout
  --json                       machine-readable output on stdout

The key is saved to $STATLINE_CONFIG_DIR/credentials.json (default ~/.config/statline), mode 0600.
The SDK and \`statline mcp\` read it from there, or from STATLINE_API_KEY (and STATLINE_BASE_URL) when set.
A saved key is sent only to the server it was issued by; for another server they refuse it and say so.`;

const options = {
  "base-url": { type: "string" },
  environment: { type: "string", default: "test" },
  name: { type: "string" },
  client: { type: "string" },
  mode: { type: "string", default: "auto" },
  start: { type: "boolean" },
  complete: { type: "boolean" },
  "no-wait": { type: "boolean" },
  "write-env": { type: "boolean" },
  print: { type: "boolean" },
  json: { type: "boolean" },
  odds: { type: "string" },
  batch: { type: "string" },
  repair: { type: "boolean" },
  help: { type: "boolean", short: "h" },
};

const baseUrlOf = (flags) =>
  (
    flags["base-url"] ??
    (process.env.STATLINE_BASE_URL || process.env.STATLINE_URL || "http://localhost:3000")
  ).replace(/\/+$/, "");

async function ingestCommand(source, flags) {
  const usage = (message) => {
    process.stderr.write(`statline ingest: ${message}\n`);
    return 64;
  };
  flags.baseUrl = baseUrlOf(flags);
  if (!/^https?:\/\/[^/]+$/.test(flags.baseUrl))
    return usage("--base-url must be like https://statline.example.com");
  if (flags.odds !== undefined && !/^[a-z0-9][a-z0-9_.-]{0,39}$/.test(flags.odds))
    return usage("--odds names the feed: 1-40 of a-z 0-9 _ . -");
  if (flags.batch !== undefined && !/^[1-9][0-9]{0,3}$|^5000$/.test(flags.batch))
    return usage("--batch must be 1 to 5000");
  if (source !== "-" && !fs.existsSync(source)) return usage(`${source}: no such file`);
  const key = process.env.STATLINE_INGEST_KEY || process.env.STATLINE_API_KEY;
  if (!key)
    return usage(
      "set STATLINE_INGEST_KEY (an ingest-scoped key; never a flag, so it stays out of shell history)",
    );
  const { ingest, report } = await import("./cli/ingest.mjs");
  return report(await ingest(source, flags, key), flags);
}

async function main(argv) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (err) {
    return fail({ code: "invalid_request", message: `${err.message}; see statline --help` }, {});
  }
  const { values: flags, positionals } = parsed;
  const command = positionals[0];
  if (command === "ingest" && !flags.help && positionals.length === 2)
    return ingestCommand(positionals[1], flags);
  if (command === "verify" && !flags.help && positionals.length === 1) {
    // The operator CLI's command (lib/verify/cli.ts), loaded through tsx like `statline mcp`.
    const { tsImport } = await import("tsx/esm/api");
    await tsImport("../scripts/admin.ts", import.meta.url);
    return new Promise(() => {}); // scripts/admin.ts exits with the command's status
  }
  if (command === "keys" && positionals[1] === "check" && !flags.help) {
    const { keysCheck } = await import("./cli/keycheck.mjs");
    return keysCheck(positionals.slice(2), flags);
  }
  if (flags.help || (command !== "login" && command !== "mcp") || positionals.length > 1) {
    process.stderr.write(`${HELP}\n`);
    return flags.help ? 0 : 64;
  }
  if (command === "mcp") {
    if (flags["base-url"] !== undefined && !/^https?:\/\/[^/]+\/?$/.test(flags["base-url"])) {
      process.stderr.write("statline mcp: --base-url must be like https://statline.example.com\n");
      return 64;
    }
    // Loaded on demand: it brings tsx and the MCP SDK, which `statline login` does not need.
    const { mcp } = await import("./cli/mcp.mjs");
    return mcp(flags);
  }
  flags.baseUrl = baseUrlOf(flags);
  if (!/^https?:\/\/[^/]+$/.test(flags.baseUrl))
    return fail(
      { code: "invalid_request", message: "--base-url must be like https://statline.example.com" },
      flags,
    );
  if (flags.environment !== "test" && flags.environment !== "live")
    return fail({ code: "invalid_request", message: "--environment must be test or live" }, flags);
  if (flags.start && flags.complete)
    return fail({ code: "invalid_request", message: "Use --start or --complete, not both" }, flags);
  if (flags.start) return startTwoStep(flags);
  if (flags.complete) return completeTwoStep(flags);
  return login(flags);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`statline: ${err?.message ?? err}\n`);
    process.exit(1);
  },
);
