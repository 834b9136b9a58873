// `statline ingest <file|->`: posts a JSON file or an NDJSON stream (file or stdin) to /ingest/v1
// (docs/ingest.md, "Sending a file"). Each NDJSON line, or each element of a JSON array, is one
// write {"op","path","body"}; with --odds <source> each is one price, sent in NDJSON batches.
// Progress goes to stderr, the summary to stdout. The key is never a flag (no key in shell history):
// STATLINE_INGEST_KEY, else STATLINE_API_KEY.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import readline from "node:readline";

/** The server's limit per odds request (lib/ingest/odds.ts, MAX_ODDS_LINES). */
const MAX_BATCH = 5000;
/** A live stream that pauses this long sends the odds it has so far. */
const FLUSH_IDLE_MS = 500;
const PROGRESS_EVERY = 50;

const say = (text) => process.stderr.write(`${text}\n`);

/** Lines of the input as {line, text}: NDJSON read as it arrives, or a JSON array's elements. */
async function* inputLines(source) {
  const stream = source === "-" ? process.stdin : fs.createReadStream(source);
  let n = 0;
  let array = null;
  for await (const raw of readline.createInterface({ input: stream, crlfDelay: Infinity })) {
    n++;
    if (array !== null) {
      array.push(raw);
      continue;
    }
    const text = raw.trim();
    if (!text) continue;
    // A JSON document (an array) rather than NDJSON: read it whole, then hand out its elements.
    if (text.startsWith("[")) {
      array = [raw];
      continue;
    }
    yield { line: n, text };
  }
  if (array === null) return;
  let items;
  try {
    items = JSON.parse(array.join("\n"));
  } catch (err) {
    yield { line: 1, text: "", error: `The file is not valid JSON (${err.message})` };
    return;
  }
  if (!Array.isArray(items)) return void (yield { line: 1, text: "", error: "A JSON file must be an array" });
  for (const [i, item] of items.entries()) yield { line: i + 1, text: JSON.stringify(item) };
}

function operation({ line, text, error }) {
  if (error) return { line, error };
  let op;
  try {
    op = JSON.parse(text);
  } catch (err) {
    return { line, error: `not valid JSON (${err.message})` };
  }
  if (typeof op?.op !== "string" || typeof op.path !== "string" || !op.path.startsWith("/"))
    return { line, error: 'each line needs "op" (PUT, POST, DELETE) and "path" (e.g. "/opta/teams/arg")' };
  return {
    line,
    method: op.op.toUpperCase(),
    path: op.path,
    body: JSON.stringify(op.body ?? {}),
    ndjson: false,
  };
}

export async function ingest(source, flags, key) {
  const summary = { lines: 0, requests: 0, by_status: {}, created: 0, ignored: 0, refused: [] };
  // Retries of the same file (after an interruption) reuse the same Idempotency-Keys; stdin gets a
  // fresh run id (feed_at still keeps an older update from overwriting a newer one).
  const runId =
    source === "-"
      ? randomBytes(8).toString("hex")
      : createHash("sha256").update(fs.readFileSync(source)).digest("hex").slice(0, 16);
  const batch = Math.min(Math.max(1, Number(flags.batch ?? MAX_BATCH) || MAX_BATCH), MAX_BATCH);
  const progress = () => {
    if (summary.requests % PROGRESS_EVERY === 0)
      say(`ingest: ${summary.lines} lines read, ${summary.requests} requests sent`);
  };

  async function send(r) {
    let res;
    let json;
    try {
      res = await fetch(`${flags.baseUrl}/ingest/v1${r.path}`, {
        method: r.method,
        headers: {
          Authorization: `Bearer ${key}`,
          "Idempotency-Key": `cli-${runId}-${r.line}`,
          "Content-Type": r.ndjson ? "application/x-ndjson" : "application/json",
        },
        body: r.body,
        signal: AbortSignal.timeout(60_000),
      });
      json = await res.json().catch(() => null);
    } catch (err) {
      throw new Error(`Cannot reach ${flags.baseUrl}: ${err.cause?.code ?? err.message}`, { cause: err });
    }
    summary.requests++;
    summary.by_status[res.status] = (summary.by_status[res.status] ?? 0) + 1;
    if (res.status === 201) summary.created++;
    if (json?.data?.ignored === true) summary.ignored++;
    if (res.status >= 400) {
      const message = json?.error?.message ?? `HTTP ${res.status}`;
      // An odds batch names its bad line within the batch ("line 2: …"): report the input's line.
      const inBatch = /^line (\d+): ([^]*)$/.exec(message);
      const line = inBatch && r.lines?.[Number(inBatch[1]) - 1];
      summary.refused.push(
        line
          ? { line, status: res.status, message: inBatch[2] }
          : { line: r.line, status: res.status, message },
      );
    }
    progress();
  }

  const pending = [];
  let timer = null;
  let flushing = Promise.resolve();
  const flush = () => {
    clearTimeout(timer);
    if (!pending.length) return flushing;
    const part = pending.splice(0);
    const body = part.map((l) => l.text).join("\n");
    const lines = part.map((l) => l.line);
    const r = { line: lines[0], lines, method: "POST", path: `/${flags.odds}/odds`, body, ndjson: true };
    flushing = flushing.then(() => send(r));
    return flushing;
  };
  for await (const l of inputLines(source)) {
    summary.lines++;
    if (flags.odds !== undefined) {
      if (l.error) {
        summary.refused.push({ line: l.line, status: 0, message: l.error });
        continue;
      }
      pending.push(l);
      if (pending.length >= batch) await flush();
      else {
        clearTimeout(timer);
        timer = setTimeout(() => flush().catch(() => {}), FLUSH_IDLE_MS);
      }
      continue;
    }
    const r = operation(l);
    if (r.error) summary.refused.push({ line: r.line, status: 0, message: r.error });
    else await send(r);
  }
  await flush();
  say(`ingest: ${summary.lines} lines read, ${summary.requests} requests sent, done`);
  return summary;
}

/** The summary on stdout: JSON with --json, else a few lines; exit status 1 when a line was refused. */
export function report(summary, flags) {
  if (flags.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
  else {
    const statuses = Object.entries(summary.by_status)
      .map(([s, n]) => `${n} x ${s}`)
      .join(", ");
    const lines = [
      `${summary.lines} lines, ${summary.requests} requests (${statuses || "none"})`,
      `accepted: ${summary.requests - summary.refused.filter((r) => r.status).length}, created: ${summary.created}, ignored as older: ${summary.ignored}, refused: ${summary.refused.length}`,
      ...summary.refused.map((r) => `  line ${r.line}: ${r.status ? `${r.status} ` : ""}${r.message}`),
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
  }
  return summary.refused.length ? 1 : 0;
}
