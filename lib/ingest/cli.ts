/**
 * `npm run admin -- ingest <file>`: posts a file to /ingest/v1 with progress and a summary. A line
 * with `op` is one write ({"op":"PUT","path":"/opta/teams/arg","body":{…}}); with --odds every line
 * is an odds price, sent as NDJSON in batches. Each request's Idempotency-Key is derived from the
 * file's content and the line, so running the same file again after an interruption replays the
 * answers already given and changes nothing.
 */
import fs from "node:fs";
import { parseFlags, type AdminCommand } from "../cli/args";
import { envStr, envStrOpt } from "../platform/config";
import { createHash } from "node:crypto";
import { MAX_ODDS_LINES } from "./odds-batch";
import { ingestLinkCommands } from "./cli-links";

export interface IngestFileOptions {
  baseUrl: string;
  key: string;
  /** Every line is an odds price of this source (POST /ingest/v1/{source}/odds in batches). */
  oddsSource?: string;
  batch?: number;
  progress?: (line: string) => void;
}

export interface IngestSummary {
  requests: number;
  byStatus: Record<string, number>;
  created: number;
  ignored: number;
  refused: Array<{ line: number; status: number; message: string }>;
}

interface Request {
  line: number;
  method: string;
  path: string;
  body: string;
  ndjson: boolean;
}

function requests(text: string, opts: IngestFileOptions, refused: IngestSummary["refused"]): Request[] {
  const lines = text.split("\n").map((l, i) => ({ text: l.trim(), line: i + 1 }));
  const filled = lines.filter((l) => l.text);
  if (opts.oddsSource !== undefined) {
    const size = Math.min(opts.batch ?? MAX_ODDS_LINES, MAX_ODDS_LINES);
    const out: Request[] = [];
    for (let i = 0; i < filled.length; i += size) {
      const part = filled.slice(i, i + size);
      const body = part.map((l) => l.text).join("\n");
      out.push({ line: part[0].line, method: "POST", path: `/${opts.oddsSource}/odds`, body, ndjson: true });
    }
    return out;
  }
  const out: Request[] = [];
  for (const { text: raw, line } of filled) {
    try {
      const op = JSON.parse(raw) as { op?: unknown; path?: unknown; body?: unknown };
      if (typeof op.op !== "string" || typeof op.path !== "string" || !op.path.startsWith("/"))
        throw new Error('each line needs "op" (PUT, POST, DELETE) and "path" (e.g. "/opta/teams/arg")');
      out.push({
        line,
        method: op.op.toUpperCase(),
        path: op.path,
        body: JSON.stringify(op.body ?? {}),
        ndjson: false,
      });
    } catch (err) {
      refused.push({ line, status: 0, message: err instanceof Error ? err.message : String(err) });
    }
  }
  return out;
}

export async function ingestFile(text: string, opts: IngestFileOptions): Promise<IngestSummary> {
  const summary: IngestSummary = { requests: 0, byStatus: {}, created: 0, ignored: 0, refused: [] };
  const todo = requests(text, opts, summary.refused);
  const fileHash = createHash("sha256").update(text).digest("hex").slice(0, 16);
  const say = opts.progress ?? (() => {});
  for (const [i, r] of todo.entries()) {
    const res = await fetch(`${opts.baseUrl.replace(/\/$/, "")}/ingest/v1${r.path}`, {
      method: r.method,
      headers: {
        Authorization: `Bearer ${opts.key}`,
        "Idempotency-Key": `file-${fileHash}-${r.line}`,
        "Content-Type": r.ndjson ? "application/x-ndjson" : "application/json",
      },
      body: r.body,
    });
    const json = (await res.json().catch(() => ({}))) as {
      data?: { created?: unknown; ignored?: unknown };
      error?: { message?: string };
    };
    summary.requests++;
    summary.byStatus[res.status] = (summary.byStatus[res.status] ?? 0) + 1;
    if (res.status === 201) summary.created++;
    if (json.data?.ignored === true) summary.ignored++;
    if (res.status >= 400)
      summary.refused.push({
        line: r.line,
        status: res.status,
        message: json.error?.message ?? res.statusText,
      });
    if ((i + 1) % 50 === 0 || i + 1 === todo.length) say(`ingest: ${i + 1}/${todo.length} requests sent`);
  }
  return summary;
}

export const ingestCommands: AdminCommand[] = [
  ...ingestLinkCommands,
  {
    name: "ingest",
    usage:
      "ingest <file.ndjson> [--url URL] [--odds <source>]   (posts to /ingest/v1 with STATLINE_INGEST_KEY; lines {op,path,body}, or odds prices with --odds; docs/ingest.md)",
    async run(args) {
      const { flags, positional } = parseFlags(args);
      const file = positional[0];
      if (!file) throw new Error("give the file to send");
      const key = envStrOpt("STATLINE_INGEST_KEY");
      if (!key) throw new Error("set STATLINE_INGEST_KEY to a key with the ingest scope");
      const baseUrl = typeof flags.url === "string" ? flags.url : envStr("STATLINE_BASE_URL");
      const odds = typeof flags.odds === "string" ? flags.odds : undefined;
      const s = await ingestFile(fs.readFileSync(file, "utf8"), {
        baseUrl,
        key,
        oddsSource: odds,
        progress: (line) => console.error(line),
      });
      const statuses = Object.entries(s.byStatus)
        .map(([k, n]) => `${k}: ${n}`)
        .join(", ");
      console.log(
        `${s.requests} requests (${statuses || "none"}); ${s.created} created, ${s.ignored} ignored as older`,
      );
      for (const r of s.refused.slice(0, 50))
        console.log(`line ${r.line}: ${r.status || "not sent"} ${r.message}`);
      if (s.refused.length > 50) console.log(`… and ${s.refused.length - 50} more refused`);
      if (s.refused.length) process.exitCode = 1;
    },
  },
];
