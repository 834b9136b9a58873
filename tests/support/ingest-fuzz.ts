/**
 * A fuzz of /ingest/v1: seeded random requests (valid writes, each mutated in one of many ways:
 * wrong types, missing or extra fields, odd ids, odd headers and bodies, times far back and
 * ahead, the same event id in two contests, a person twice in a lineup, the reserved source),
 * each answer validated with Ajv against the operation's response in the ingest OpenAPI document.
 * Used by tests/ingest/fuzz.test.ts (a short run) and the bench (BENCH_ONLY=fuzz, a long one).
 */
import Ajv, { type ValidateFunction } from "ajv";
import fc from "fast-check";
import { ingestOpenApi } from "../../lib/ingest/openapi";
import { FEED, request, SOURCE, valid, type FuzzRequest } from "./ingest-fuzz-requests";

type Json = Record<string, unknown>;
interface Operation {
  method: string;
  pattern: RegExp;
  responses: Map<string, ValidateFunction>;
}

function operations(): Operation[] {
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
  const doc = ingestOpenApi() as {
    paths: Record<string, Record<string, { responses: Record<string, Json> }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      pattern: new RegExp(`^${path.replace(/\{[a-z_]+\}/g, "[^/]+")}$`),
      responses: new Map(
        Object.entries(op.responses).map(([status, r]) => {
          const schema = (r.content as Record<string, { schema: Json }> | undefined)?.["application/json"]
            ?.schema;
          return [status, ajv.compile(schema ?? {})];
        }),
      ),
    })),
  );
}

export interface FuzzResult {
  requests: number;
  byStatus: Record<string, number>;
  /** Answers outside the document: a 5xx, an undocumented status, a body its schema refuses. */
  violations: string[];
}

/** Sends `count` seeded requests to `baseUrl` with the ingest key, `concurrency` at a time. */
export async function fuzzIngest(o: {
  baseUrl: string;
  key: string;
  count: number;
  seed: number;
  concurrency?: number;
}): Promise<FuzzResult> {
  const ops = operations();
  const result: FuzzResult = { requests: 0, byStatus: {}, violations: [] };
  const send = async (r: FuzzRequest) => {
    const res = await fetch(`${o.baseUrl}${r.path}`, {
      method: r.method,
      headers: { ...r.headers, Authorization: `Bearer ${o.key}` },
      body: r.body,
    });
    const text = await res.text();
    result.requests++;
    result.byStatus[res.status] = (result.byStatus[res.status] ?? 0) + 1;
    const pathOnly = r.path.split("?")[0];
    const op = ops.find((x) => x.method === r.method && x.pattern.test(pathOnly));
    const validate = op?.responses.get(String(res.status));
    let ok = validate !== undefined && res.status < 500;
    if (ok) {
      try {
        ok = validate!(JSON.parse(text));
      } catch {
        ok = false;
      }
    }
    if (!ok && op && result.violations.length < 50)
      result.violations.push(
        `${r.method} ${r.path.slice(0, 120)} ${r.body?.slice(0, 200)} -> ${res.status} ${text.slice(0, 300)} ${JSON.stringify(validate?.errors ?? null)}`,
      );
  };
  // A catalogue for the requests to meet: competition, edition, teams, persons, contests.
  const setup = [
    "/competitions/comp",
    "/editions/ed",
    "/teams/t0",
    "/teams/t1",
    "/persons/p0",
    "/persons/p1",
    "/contests/c0",
    "/contests/c1",
  ];
  for (const path of setup) {
    const v = fc.sample(
      valid.filter((x) => x.path === path),
      { seed: o.seed, numRuns: 1 },
    )[0];
    await send({
      method: v.method,
      path: `/ingest/v1/${SOURCE}${path}`,
      body: JSON.stringify({ ...(v.body as Json), feed_at: FEED() }),
      headers: { "Content-Type": "application/json", "Idempotency-Key": `fz-setup-${path}-${o.seed}` },
    });
  }
  const all = fc.sample(request, { seed: o.seed, numRuns: o.count });
  const width = o.concurrency ?? 4;
  for (let i = 0; i < all.length; i += width) await Promise.all(all.slice(i, i + width).map(send));
  return result;
}
