import { v } from "./spec";

const R = "Request log";
const C = "Change feed and stream";
const W = "Webhooks";
const X = "Scale-out (Redis)";
const L = "Logging and metrics";
const H = "Agent handoff";
const I = "Ingest API";

/** The server's variables for logs, the change feed, webhooks, Redis and the agent handoff. */
export const PUSH_AND_OPS_VARS = {
  REQUEST_LOG: v.bool("`off` disables the request log", R, { default: "on" }),
  REQUEST_LOG_RETENTION_DAYS: v.num("Request-log rows older than this are pruned", R, {
    default: "7",
    min: 0.01,
  }),
  REQUEST_LOG_FULL_PER_SECOND: v.int(
    "Successful requests per second and instance logged in full; above, sampled (flagged)",
    R,
    { default: "500", min: 1 },
  ),
  REQUEST_LOG_MAX_BUFFERED: v.int("Request-log rows held in memory while the database is away", R, {
    default: "100000",
    min: 1000,
  }),

  CHANGES_RETENTION_DAYS: v.num(
    "Change-feed rows older than this are pruned; older cursors get 410 `CURSOR_EXPIRED`",
    C,
    {
      default: "7",
      min: 0.00001,
    },
  ),
  CHANGES_POLL_MS: v.int(
    "How often each instance checks the change feed's head for live streams (writers in other processes without Redis)",
    C,
    { default: "500", min: 20 },
  ),
  STREAM_MAX_PER_KEY: v.int("Open `GET /v1/stream` connections per key and instance; one more is 429", C, {
    default: "5",
    min: 1,
  }),
  STREAM_EVENTS_PER_UNIT: v.int(
    "Stream events per metered unit (after 1 unit per connection); an odds event counts 5",
    C,
    {
      default: "100",
      min: 1,
    },
  ),
  STREAM_HEARTBEAT_MS: v.int("Heartbeat comment interval of an idle stream", C, {
    default: "15000",
    min: 50,
  }),
  STREAM_RETRY_MS: v.int("`retry:` reconnect hint sent at the start of a stream", C, { default: "3000" }),
  STREAM_BUFFER_BYTES: v.int("Unread bytes after which a stream client that stopped reading is dropped", C, {
    default: "1048576",
    min: 1024,
  }),
  STREAM_AUTH_CHECK_MS: v.int(
    "How often an open stream re-checks its key (revoked, disabled, scope removed: closed)",
    C,
    {
      default: "1000",
      min: 50,
    },
  ),

  WEBHOOKS: v.bool("`off`: this process runs no webhook sender (another instance delivers)", W, {
    default: "on",
  }),
  WEBHOOK_POLL_MS: v.int("How often the webhook worker looks for new changes and due deliveries", W, {
    default: "1000",
    min: 20,
  }),
  WEBHOOK_TIMEOUT_MS: v.int("Per delivery attempt (connect, send, response status)", W, {
    default: "10000",
    min: 100,
  }),
  WEBHOOK_RETRY_SCHEDULE: v.str(
    "Delays before webhook retries (`ms`, `s`, `m`, `h`, `d`); after the last one the delivery is dead",
    W,
    { default: "5s,30s,2m,10m,1h,3h,6h,12h,24h" },
  ),
  WEBHOOK_DISABLE_AFTER_FAILURES: v.int(
    "Failed attempts in a row that disable an endpoint (with `WEBHOOK_DISABLE_AFTER`)",
    W,
    { default: "20", min: 1 },
  ),
  WEBHOOK_DISABLE_AFTER: v.str("…if the failing run also spans at least this long", W, { default: "24h" }),
  WEBHOOK_ALLOW_PRIVATE: v.bool("`1`: allow private, loopback and link-local webhook targets", W, {
    default: "0",
  }),

  REDIS_URL: v.url("Scale-out: shared rate limits, quotas, revocation push", X),
  REDIS_PREFIX: v.str("Prefix of Redis keys and channels", X, { default: "statline:" }),
  INSTANCE_COUNT: v.int(
    "Instances behind the load balancer; while Redis is down each enforces 1/N of every plan",
    X,
    {
      default: "1",
      min: 1,
    },
  ),
  INSTANCE_ID: v.str("Added to log lines", X),
  REDIS_CONNECT_TIMEOUT_MS: v.int("Redis connect timeout", X, { default: "500" }),
  REDIS_COMMAND_TIMEOUT_MS: v.int("Redis command timeout", X, { default: "250" }),
  REDIS_HEARTBEAT_MS: v.int("Redis liveness ping", X, { default: "1000", min: 10 }),
  RATE_LIMIT_REDIS_RETRY_MS: v.int("Local-limit period after a failed Redis call", X, { default: "1000" }),
  RATE_LIMIT_RECOVERY_GRACE_MS: v.int("Local share kept after Redis returns", X, { default: "3000" }),
  RATE_LIMIT_LEASE_PERCENT: v.num(
    "Scale-out: the instances together hold at most this % of a key's per-minute rate as leased tokens (the overshoot bound, docs/scale-out.md)",
    X,
    { default: "5", min: 0, max: 100 },
  ),
  USAGE_LEASE_TTL_MS: v.int(
    "Scale-out: an idle instance returns its leased rate tokens and quota units after this; a dead one's quota reservation lapses after it",
    X,
    { default: "2000", min: 100 },
  ),
  QUOTA_LEASE_UNITS: v.int("Scale-out: smallest block of monthly units an instance reserves at a time", X, {
    default: "50",
    min: 1,
  }),

  LOG_LEVEL: v.oneOf(["trace", "debug", "info", "warn", "error", "fatal", "silent"], "pino level", L, {
    shown: "`info` (`warn` under the tests)",
  }),
  LOG_REQUESTS: v.oneOf(["off", "errors", "all"], "Request log lines: `off`, `errors`, `all`", L, {
    default: "errors",
  }),
  LOG_DEST: v.oneOf(["stdout", "stderr"], "`stderr` to keep stdout clean (the admin CLI sets it)", L, {
    default: "stdout",
  }),
  METRICS_TOKEN: v.str(
    "`/metrics` needs `Authorization: Bearer <token>`; unset: 403 unless `HOST` is loopback",
    L,
  ),

  HANDOFF_SESSION_TTL_SECONDS: v.int("Time to approve an agent handoff (larger values count as 600)", H, {
    default: "600",
    min: 1,
  }),
  HANDOFF_CODE_TTL_SECONDS: v.int("Authorization code lifetime (larger values count as 120)", H, {
    default: "120",
    min: 1,
  }),
  HANDOFF_START_LIMIT_PER_MINUTE: v.int("Handoff starts per client IP", H, { default: "10", min: 1 }),

  INGEST_IDEMPOTENCY_TTL_S: v.int(
    "How long `/ingest/v1` keeps a write's first answer for retries with the same `Idempotency-Key`",
    I,
    { default: "86400", min: 60 },
  ),
  INGEST_MAX_FEED_SKEW_S: v.int(
    "How far into the future (by the server's clock) an `/ingest/v1` write's `feed_at` may be; a later one is 400",
    I,
    { default: "300", min: 0 },
  ),
  INGEST_MAX_BODY_BYTES: v.int("Largest `/ingest/v1` JSON body; bulk odds (NDJSON) may be 16x larger", I, {
    default: "262144",
    min: 1024,
  }),

  REPLAY_MAX_RUNNING: v.int("Sandbox replays an account may run at once (`/sandbox/v1/replays`)", I, {
    default: "3",
    min: 1,
  }),
  REPLAY_MAX_DURATION_S: v.int(
    "Longest wall-clock time one sandbox replay may last at its speed; a slower request is 400",
    I,
    { default: "10800", min: 60 },
  ),
  REPLAY_MINUTE_MS: v.int(
    "Wall-clock length of one match minute at speed x1 (tests shorten it; leave it in production)",
    I,
    { default: "60000", min: 60 },
  ),
} as const;
