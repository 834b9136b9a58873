/**
 * Every /ingest/v1 request: authenticate (the /v1 key check), require the `ingest` scope, admit
 * (rate limit and quota, like every key), read the body within the route's limit, replay a stored
 * answer for a repeated Idempotency-Key, validate, then write in one transaction that also stores
 * the answer; after commit, drop response caches and wake streams (bumpDataVersion) when anything
 * changed. Errors are the spec's {error:{code,message}}, never a 500 for the caller's mistake.
 */
import type { ZodType } from "zod";
import { restrictionError } from "../api/auth";
import { invalidateResponseCache } from "../api/cache";
import { ApiError } from "../platform/errors";
import { noStoreJson as json } from "../api/respond";
import type { ApiResponse } from "../api/types";
import { db } from "../platform/db";
import { bumpDataVersion } from "../events/data-version";
import { notifyChanges } from "../events/notify";
import { parseJson, validate } from "../http/body";
import { settle, type Ctx as KeyedCtx, type Surface } from "../http/keyed";
import { RouteTable } from "../http/routes";
import { INGEST_SCOPE } from "../keys/scopes";
import { logError } from "../platform/log";
import { parseNdjson } from "./body";
import { commitInTransaction } from "./commit";
import { idempotencyKey, pruneAnswers, requestHash, storedAnswer, type StoredAnswer } from "./idempotency";
import { ingestOpenApi } from "./openapi";
import { ingestRoutes } from "./routes";
import type { IngestRouteDef } from "./types";

const SOURCE = /^[a-z0-9][a-z0-9_.-]{0,39}$/;

/** What the accept stage read before the body: the request's Idempotency-Key. */
type Ctx = KeyedCtx<IngestRouteDef, string>;

/** /ingest/v1 and its look-alikes: answered by the ingest surface in JSON. */
export const INGEST_PATH = /^\/ingest\/v\d+(?:[/?]|$)/i;

/** /ingest/v1 on the keyed pipeline (lib/http/keyed.ts). */
export const ingestSurface: Surface<IngestRouteDef, string> = {
  name: "/ingest/v1",
  prefix: INGEST_PATH,
  table: new RouteTable(ingestRoutes, "unmatched"),
  unmatched: "before-key",
  body: (route) => ({
    maxBytes: route.maxBytes,
    media: route.bodyKind === "ndjson" ? "json-or-ndjson" : "json",
  }),
  isPublic: (route) => route.public === true,
  // The ingest scope is never implied: an unrestricted key (every /v1 scope) is refused too.
  judge: ({ restrictions: r }, req, route) =>
    (r && restrictionError(r, req, undefined)) ??
    (r?.scopes?.has(INGEST_SCOPE)
      ? null
      : new ApiError(
          "FORBIDDEN",
          `This key lacks the '${INGEST_SCOPE}' scope required by ${route!.pattern}; an operator account mints ingest keys`,
        )),
  units: (_caller, route) => route.units,
  accept(c) {
    if (!SOURCE.test(c.match!.params.source))
      throw new ApiError(
        "INVALID_PARAMETER",
        "Invalid parameter 'source': 1-40 lower-case letters, digits, '_', '.' or '-', starting with a letter or digit",
      );
    return idempotencyKey(c.req.header("idempotency-key"));
  },
  serve,
};

async function serve(c: Ctx): Promise<ApiResponse> {
  const { route, params } = c.match!;
  if (route.public) return json(c.requestId, 200, JSON.stringify(ingestOpenApi()), {});
  const caller = c.caller!;
  const { text, media } = c.input!;
  const idemKey = c.accepted!;
  const hash = requestHash(route.method, c.req.path, text);
  const replay = await storedAnswer(db, caller.keyId, idemKey, hash);
  if (replay) return answered(c, replay, true);
  const body =
    route.bodyKind === "ndjson"
      ? media === "ndjson"
        ? await parseNdjson(text, elementOf(route.body), 5000)
        : [validate(elementOf(route.body), parseJson(text))]
      : validate(route.body, parseJson(text));
  const idem = { keyId: caller.keyId, idemKey, hash };
  const inTransaction = () => commitInTransaction(idem, (tx) => route.handler({ body, params, caller, tx }));
  const written = route.commit
    ? await route.commit({ body, params, idem }, inTransaction)
    : await inTransaction();
  pruneNowAndThen();
  if (written.changed) {
    // Other instances drop their caches on their next data-version poll; this one at once. An
    // odds batch drops only the odds readers' entries. A write that set the version row in its
    // own transaction only signals.
    if (written.head === undefined) await bumpDataVersion(route.changes);
    else await notifyChanges(db, written.head);
    invalidateResponseCache(route.changes);
  }
  return answered(c, written.answer, false);
}

/** Expired Idempotency-Key answers go at most every PRUNE_EVERY_MS, off the request's path. */
const PRUNE_EVERY_MS = 10 * 60_000;
let lastPrune = 0;
function pruneNowAndThen(): void {
  if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
  lastPrune = Date.now();
  pruneAnswers(db).catch((err: unknown) => logError("ingest: pruning idempotency answers failed", err));
}

const elementOf = (schema: unknown) => (schema as { element: ZodType }).element;

function answered(c: Ctx, answer: StoredAnswer, replayed: boolean): ApiResponse {
  const unitHeaders = settle(c, answer.status, c.match!.route.units);
  const extra: Record<string, string> = replayed ? { "Idempotent-Replayed": "true" } : {};
  return json(c.requestId, answer.status, answer.body, { ...c.limitHeaders, ...unitHeaders, ...extra });
}
