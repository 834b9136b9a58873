import { v } from "./spec";

const S = "Server and HTTP";
const D = "Database";
const A = "Accounts and sign-in";
const K = "Keys, limits and metering";

/** Every variable the server reads. One declaration each; see lib/platform/config/spec.ts. */
export const SERVER_VARS = {
  PORT: v.int("HTTP port of `npm start`", S, { default: "3000", min: 1, max: 65535 }),
  HOST: v.str("Listen address", S, { default: "0.0.0.0", shown: "`0.0.0.0` (`npm start`)" }),
  NEXTAUTH_URL: v.url("Public URL of the dashboard; `https://` turns on Secure cookies", S, {
    shown: "`http://localhost:$PORT`",
  }),
  CORS_ORIGINS: v.str(
    "Origins allowed to call /v1 from a browser, comma-separated or `*` (see docs/http.md)",
    S,
    {
      shown: "unset (CORS off)",
    },
  ),
  API_CONTACT_EMAIL: v.str("`info.contact.email` of the OpenAPI document", S),
  API_CONTACT_URL: v.str("`info.contact.url` of the OpenAPI document", S),
  TRUST_PROXY_HOPS: v.int(
    "Reverse proxies in front of Statline (which `X-Forwarded-For` hop is the client)",
    S,
    {
      default: "0",
    },
  ),
  RESPONSE_CACHE: v.bool(
    "`off` turns the /v1 response cache off (the benchmark measures uncached reads so)",
    S,
    {
      default: "on",
    },
  ),
  RESPONSE_CACHE_MAX_ENTRIES: v.int("Response cache size", S, { default: "5000" }),
  RESPONSE_CACHE_MAX_BYTES: v.int("Response cache budget; counts the data and its gzip/br copies", S, {
    default: "67108864",
    shown: "`67108864` (64 MiB)",
  }),
  DATA_VERSION_POLL_MS: v.int("How often the response cache checks for seeded/imported data", S, {
    default: "1000",
    min: 10,
  }),
  ODDS_MAX_SCAN: v.int("Raw points one downsampled odds page may examine", S, { default: "20000", min: 1 }),
  ODDS_MOVED_MIN_PP: v.num(
    "Smallest move of an implied probability (percentage points) an ingested price records as `odds.moved`; the lowest threshold a reader may ask for",
    S,
    { default: "0.5", min: 0.01, max: 100 },
  ),
  ODDS_MOVED_DEFAULT_PP: v.num(
    "Threshold (percentage points) of `odds.moved` for a stream, feed page or webhook endpoint that sets none",
    S,
    { default: "2", min: 0.01, max: 100 },
  ),
  SERVER_IDLE_TIMEOUT_MS: v.int("A socket silent this long is closed (also one that never sends a byte)", S, {
    default: "30000",
  }),
  SERVER_KEEP_ALIVE_TIMEOUT_MS: v.int(
    "Idle keep-alive connections closed after this (above load balancers' 60 s)",
    S,
    {
      default: "65000",
    },
  ),
  SERVER_HEADERS_TIMEOUT_MS: v.int("Longest time to receive a request's headers (408 after)", S, {
    default: "10000",
  }),
  SERVER_REQUEST_TIMEOUT_MS: v.int("Longest time to receive a whole request (408 after)", S, {
    default: "30000",
  }),
  SERVER_MAX_CONNECTIONS: v.int(
    "Open connections at most; more are closed on accept (keep below `ulimit -n`)",
    S,
    {
      default: "10000",
    },
  ),
  SERVER_MAX_CONNECTIONS_PER_IP: v.int(
    "Open connections per client address (behind a proxy all come from the proxy)",
    S,
    { shown: "`256`; `0` (off) when `TRUST_PROXY_HOPS` > 0" },
  ),
  BODY_LIMIT_BYTES: v.int("Larger request bodies get 413 `PAYLOAD_TOO_LARGE`, unread (`0` = no limit)", S, {
    default: "16384",
  }),
  SHUTDOWN_TIMEOUT_MS: v.int("Longest wait for in-flight requests on SIGTERM", S, { default: "10000" }),
  SHUTDOWN_TASK_TIMEOUT_MS: v.int(
    "Longest wait for each shutdown task (flushes, closing pools) on SIGTERM",
    S,
    {
      default: "10000",
    },
  ),

  DATABASE_URL: v.str("SQLite file (`file:…`) or PostgreSQL (`postgresql://…`)", D, {
    default: "file:./data/statline.db",
  }),
  STATLINE_DEMO: v.bool(
    "`off` (or `npm start -- --no-demo`) starts on an empty database without the demo data; `statline demo remove` removes it later",
    D,
    { default: "on" },
  ),
  DB_CONNECT_TIMEOUT_MS: v.int("PostgreSQL connect timeout", D, { default: "800" }),
  DB_POOL_SIZE: v.int("PostgreSQL connections per instance", D, { default: "10", min: 1 }),
  DB_READ_POOL_SIZE: v.int("PostgreSQL connections of the prepared-statement read pool per instance", D, {
    default: "5",
    min: 1,
  }),
  SQLITE_BUSY_TIMEOUT_MS: v.int(
    "Wait for another process's SQLite lock; stalls the server, keep it short",
    D,
    {
      default: "5000",
      shown: "`100` in the server, `5000` in CLI commands and imports",
    },
  ),

  NEXTAUTH_SECRET: v.str(
    "Signs sessions and CSRF tokens; set it (the same on every instance) when you run several; the admin CLI reads `data/auth-secret` too",
    A,
    { shown: "generated once into `data/auth-secret` (0600) by `npm start`" },
  ),
  GITHUB_ID: v.str('GitHub OAuth app id; set with `GITHUB_SECRET` to offer "Continue with GitHub"', A),
  GITHUB_SECRET: v.str("GitHub OAuth app secret", A),
  OIDC_ISSUER: v.url(
    "OpenID Connect issuer for single sign-on (its `/.well-known/openid-configuration` is read); set with `OIDC_CLIENT_ID` and `OIDC_CLIENT_SECRET`",
    A,
  ),
  OIDC_CLIENT_ID: v.str("Client id registered at the OpenID Connect provider", A),
  OIDC_CLIENT_SECRET: v.str("Client secret registered at the OpenID Connect provider", A),
  OIDC_NAME: v.str('Provider name on the sign-in button ("Continue with …")', A, { default: "SSO" }),
  OIDC_REQUIRED_DOMAINS: v.str(
    "Comma-separated email domains that must sign in with single sign-on: password sign-in, sign-up and GitHub are refused for them",
    A,
  ),
  SIGNIN_FREE_ATTEMPTS_ACCOUNT: v.int(
    "Sign-in attempts per account in 15 min before the back-off starts",
    A,
    {
      default: "5",
      min: 1,
    },
  ),
  SIGNIN_FREE_ATTEMPTS_IP: v.int("Sign-in attempts per client IP in 15 min before the back-off starts", A, {
    default: "20",
    min: 1,
  }),
  SIGNIN_BACKOFF_BASE_MS: v.int(
    "First sign-in lock (429 + `Retry-After`); doubles per attempt, up to 15 min",
    A,
    {
      default: "30000",
      min: 1,
    },
  ),
  SIGNIN_FREE_ATTEMPTS_ACCOUNT_TOTAL: v.int(
    "Sign-in attempts per account from all addresses in an hour before a back-off from 60 s",
    A,
    { default: "100", min: 1 },
  ),
  HASH_PER_ADDRESS_MAX: v.int("Password hashes one client IP may have running or waiting; beyond, 503", A, {
    default: "4",
    min: 1,
  }),
  PASSWORD_CHECK_QUEUE_MAX: v.int(
    "Password-strength checks waiting for the checker process; beyond, 503",
    A,
    {
      default: "8",
    },
  ),
  PASSWORD_CHECK_TIMEOUT_MS: v.int(
    "Time bound of one password-strength check (then the password is refused)",
    A,
    {
      default: "2000",
      min: 100,
    },
  ),
  SMTP_URL: v.url(
    "Outgoing mail, e.g. `smtp://user:pass@mail:587`: password reset and email verification links (docs/accounts.md) and alert emails (docs/alerts.md)",
    A,
    {
      shown: "unset (reset links go to the server log; addresses are verified with `admin user verify`)",
    },
  ),
  SMTP_FROM: v.str("Sender of outgoing mail", A, { default: "Statline <no-reply@localhost>" }),
  HASH_CONCURRENCY: v.int("Password hashes (128 MiB each) running per process", A, { default: "2", min: 1 }),
  HASH_QUEUE_MAX: v.int("Password hashes waiting per process; beyond, 503", A, { default: "32" }),
  SIGNUP_LIMIT_PER_HOUR: v.int("Sign-ups per client IP (shared through Redis in scale-out)", A, {
    default: "5",
    min: 1,
  }),
  SESSION_CHECK_TTL_MS: v.int(
    "How long an instance trusts a session check (revocation lag on other instances)",
    A,
    {
      default: "2000",
    },
  ),

  CURSOR_SECRET: v.str("HMAC key of odds-history cursors", K, { shown: "`NEXTAUTH_SECRET`" }),
  LEAK_REPORT_PUBLIC_KEYS: v.str(
    "Public keys that sign leak reports (`POST /api/secret-scanning/github`): PEM, or GitHub's JSON from `/meta/public_keys/secret_scanning` (docs/alerts.md)",
    K,
    { shown: "unset (leak reports refused)" },
  ),
  LEAK_REPORT_PUBLIC_KEYS_FILE: v.str(
    "A file holding the same as `LEAK_REPORT_PUBLIC_KEYS` (read when that is unset)",
    K,
  ),
  LEAK_REPORT_RATE_PER_MINUTE: v.int(
    "Leak reports per client IP per minute (burst the same); beyond, 429",
    K,
    {
      default: "60",
      min: 1,
    },
  ),
  ALERT_SWEEP_MS: v.int(
    "How often a server checks keys for expiry alerts and sends pending alert emails",
    K,
    {
      default: "60000",
      min: 100,
    },
  ),
  STATLINE_PLANS: v.str("JSON overrides or extra plans (see docs/usage.md)", K),
  PLAN_POLL_MS: v.int("How often each instance checks the plan catalogue's version (docs/operator.md)", K, {
    default: "2000",
    min: 10,
  }),
  OPERATOR_EMAILS: v.str(
    "Comma-separated emails that may use the operator console besides `admin operator grant` accounts",
    A,
  ),
  OPERATOR_IMPORT_MAX_BYTES: v.int("Largest file the operator console's import accepts", K, {
    default: "5242880",
    shown: "`5242880` (5 MiB)",
  }),
  KEY_CACHE_TTL_MS: v.int("Verified-key cache lifetime; bounds revocation lag on one instance", K, {
    shown: "`900` (`30000` with Redis)",
  }),
  KEYS_PER_ACCOUNT_MAX: v.int("Usable (unrevoked, unexpired) keys per account; see docs/keys.md", K, {
    default: "50",
    min: 1,
  }),
  REVOCATION_POLL_MS: v.int("Backstop poll for revoked keys when the key cache lives longer than 1 s", K, {
    default: "500",
    min: 10,
  }),
  AUTH_DB_TIMEOUT_MS: v.int("Key lookup deadline before 503 `AUTH_BACKEND_UNAVAILABLE`", K, {
    default: "800",
  }),
  AUTH_DB_COLD_TIMEOUT_MS: v.int("Deadline of a fresh process's first key lookup", K, { default: "5000" }),
  AUTH_FAILURE_BURST: v.int(
    "Keyless/unknown-key /v1 requests per client address before 429 (per instance; `0` = off)",
    K,
    {
      default: "200",
    },
  ),
  AUTH_FAILURES_PER_MINUTE: v.int("Refill rate of that budget", K, { default: "120" }),
  USAGE_FLUSH_INTERVAL_MS: v.int("Metering flush interval", K, { default: "1000", min: 50 }),
  USAGE_WRITE_THREAD: v.bool(
    "SQLite only: metering flushes run on a worker thread with their own connection; `off` runs them on the event loop",
    K,
    { default: "off", shown: "`on` (server)" },
  ),
  USAGE_SHUTDOWN_FLUSH_MS: v.int("Longest wait for the final metering flush on SIGTERM", K, {
    default: "5000",
  }),
} as const;
