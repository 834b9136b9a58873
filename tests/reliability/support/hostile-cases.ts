/**
 * Generated hostile requests. Deterministic (seeded PRNG) so a failure can be replayed. Each case
 * says which statuses are acceptable; the suite fails on any 5xx and on any unexpected status.
 */
export interface HostileCase {
  category: string;
  /** fetch: an ordinary HTTP client request; raw: exact bytes over a socket (duplicate headers, bad bytes). */
  via: "fetch" | "raw";
  method: string;
  path: string;
  headers: [string, string][];
  expect: number[];
}

export interface Ids {
  validKey: string;
  contestId: string;
  personId: string;
  competitionId: string;
  /** A real next_cursor of the contest's odds history, when the data has one. */
  cursor: string | null;
  /** A cursor issued for another contest or other filters. */
  foreignCursor: string | null;
}

function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const INJECTIONS = [
  "' OR 1=1 --",
  "'; DROP TABLE persons; --",
  '" OR ""="',
  "1; SELECT pg_sleep(5)",
  "%",
  "_",
  "%%",
  "\\",
  "\\'",
  "')--",
  "${jndi:ldap://x}",
  "{{7*7}}",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "..%2f..%2f",
  "\u0000",
  "%00",
  "\u202e",
  "mbappé",
  "Ⅻ",
  "🙂🙂🙂",
  "a".repeat(300),
  "a".repeat(5000),
  "$where",
  '{"$gt":""}',
  "*",
  ".*",
  "(a+)+$",
  "null",
  "undefined",
  "NaN",
  "-1",
  "0x1F",
  " ",
  "\t",
  "\r\n",
  "UNION SELECT secret_hash FROM api_keys",
  "1' AND SLEEP(5)#",
  "sk_test_" + "A".repeat(32),
];
const BAD_NUMBERS = [
  "-1",
  "-0",
  "1.5",
  "1e3",
  "1e400",
  "abc",
  "",
  " ",
  "0x10",
  "99999999999999999999999",
  "9007199254740993",
  "NaN",
  "Infinity",
  "-Infinity",
  "+5",
  "5 ",
  " 5",
  "٣",
  "５",
  "1,2",
  "[]",
  "{}",
  "null",
  "true",
  "%00",
  "10abc",
  "0.0",
  "2147483648",
  "1000000000000000",
];
const BAD_DATES = [
  "2024-13-01",
  "2024-02-30",
  "2023-02-29",
  "24-01-01",
  "2024/01/01",
  "yesterday",
  "now",
  "",
  "0000-00-00",
  "9999999-01-01",
  "2024-01-01T25:00:00Z",
  "2024-01-01T10:61:00Z",
  "2024-01-01T00:00:00+99:99",
  "1700000000",
  "-1",
  "2024-1-1",
  "2024-01-01 10:00",
  "%00",
  "'; DROP TABLE contests; --",
  "2024-01-01T".padEnd(60, "9"),
  "Infinity",
  "2024-W01",
  "2024-001",
];
const SCHEMES = [
  "Basic",
  "Token",
  "Digest",
  "ApiKey",
  "Bearer",
  "bearer",
  "BEARER",
  "Bearer:",
  "Bearer=",
  "Negotiate",
  "sk_test_",
];
const METHODS = [
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
  "PROPFIND",
  "LOCK",
  "SEARCH",
  "PURGE",
  "MKCOL",
  "COPY",
  "MOVE",
];

export function generateCases(ids: Ids, seed = 7): HostileCase[] {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const word = (n: number, alphabet = BASE62) =>
    Array.from({ length: n }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join("");
  const enc = encodeURIComponent;
  const key = ids.validKey;
  const auth: [string, string][] = [["X-API-Key", key]];
  const cases: HostileCase[] = [];
  const add = (n: number, make: () => Omit<HostileCase, "via" | "method"> & Partial<HostileCase>) => {
    for (let i = 0; i < n; i++) cases.push({ via: "fetch", method: "GET", ...make() });
  };
  const listPaths = [
    "/v1/teams",
    "/v1/persons",
    "/v1/competitions",
    "/v1/contests",
    `/v1/contests/${ids.contestId}/odds/history`,
    "/v1/analysis/stat-board",
  ];

  add(1500, () => {
    const variants = [
      () => word(Math.floor(rnd() * 60)),
      () => `sk_${pick(["prod", "dev", "LIVE", "tst", ""])}_${word(32)}`,
      () => `sk_test_${word(31 + (rnd() < 0.5 ? 0 : 2))}`,
      () => `sk_live_${word(32, "!@#$%^&*()-+=~`|;:'<>,.?/")}`,
      () => `sk_test_${word(32)}`, // well-formed but unknown
      () => `${key.slice(0, 16)}${word(24)}`, // real prefix, wrong secret
      () => ` ${key} x`,
      () => key.toUpperCase(),
      // Header values cannot carry control or non-Latin-1 characters; replace them.
      // eslint-disable-next-line no-control-regex
      () => pick(INJECTIONS).replace(/[\u0000-\u001f\u007f-\uffff]/g, "?"),
    ];
    return {
      category: "malformed keys",
      path: pick(listPaths),
      headers: [["X-API-Key", pick(variants)()]],
      expect: [401],
    };
  });
  add(800, () => {
    const value = `${pick(SCHEMES)}${pick([" ", "  ", "", "\t"])}${pick([key, word(40), "", `${key},${key}`, `${key} extra`, `"${key}"`])}`;
    // The scheme is case-insensitive and takes one or more spaces (RFC 7235 1*SP); nothing else passes.
    const ok =
      value.toLowerCase().startsWith("bearer ") &&
      value.slice(6).trimStart() === key &&
      !value.includes("\t");
    return {
      category: "wrong schemes",
      path: "/v1/teams",
      headers: [["Authorization", value]],
      expect: ok ? [200] : [401],
    };
  });
  add(200, () => {
    const size = pick([9000, 15_000, 17_000, 40_000, 80_000]);
    const which = pick(["X-API-Key", "Authorization", "X-Filler"]);
    const value = which === "Authorization" ? `Bearer ${word(size)}` : word(size);
    // Node's 16 KB header limit answers 431; below it the key is simply malformed.
    return {
      category: "extreme header lengths",
      path: "/v1/teams",
      headers: which === "X-Filler" ? [...auth, [which, value]] : [[which, value]],
      expect: [401, 431, 200],
    };
  });
  add(2000, () => {
    const path = pick([
      "/v1/teams",
      "/v1/persons",
      `/v1/contests/${ids.contestId}/odds/history`,
      "/v1/analysis/stat-board",
    ]);
    const qs = rnd() < 0.5 ? `limit=${enc(pick(BAD_NUMBERS))}` : `offset=${enc(pick(BAD_NUMBERS))}`;
    const twice = rnd() < 0.1 ? `&${qs}` : "";
    return { category: "bad limit/offset", path: `${path}?${qs}${twice}`, headers: auth, expect: [200, 400] };
  });
  add(1500, () => {
    const param = pick(["q", "q", "q", "competition", "team", "bookmaker", "market", "status", "stat"]);
    const path =
      param === "q"
        ? "/v1/persons"
        : param === "bookmaker" || param === "market"
          ? `/v1/contests/${ids.contestId}/odds/history`
          : param === "stat"
            ? "/v1/analysis/stat-board"
            : "/v1/contests";
    return {
      category: "injection strings",
      path: `${path}?${param}=${enc(pick(INJECTIONS))}`,
      headers: auth,
      // A competition or team may be named by slug: a slug-shaped string that names none is a 404.
      expect: param === "competition" || param === "team" ? [200, 400, 404, 414, 431] : [200, 400, 414, 431],
    };
  });
  add(1500, () => {
    const real =
      ids.cursor ??
      Buffer.from(JSON.stringify({ k: "contest", s: ids.contestId, t: Date.now(), i: 1 })).toString(
        "base64url",
      );
    // Never the last character: its low bits may be padding, so changing it could decode to the same bytes.
    const tamper = (c: string) => {
      const i = Math.floor(rnd() * (c.length - 1));
      return c.slice(0, i) + pick(BASE62.replace(c[i], "").split("")) + c.slice(i + 1);
    };
    const forged = [
      () => tamper(real),
      () => real.slice(0, Math.max(1, Math.floor(rnd() * real.length))),
      () => `${real}${word(4)}`,
      () => Buffer.from(JSON.stringify({ t: rnd() * 1e13, id: word(8) })).toString("base64url"),
      () => word(Math.floor(rnd() * 120) + 1, `${BASE62}-_=.+/`),
      () => ids.foreignCursor ?? tamper(real),
      () => "A".repeat(pick([401, 1000, 4000])),
    ];
    const scope = rnd() < 0.85 ? `/v1/contests/${ids.contestId}` : `/v1/persons/${ids.personId}`;
    return {
      category: "forged/tampered/foreign cursors",
      path: `${scope}/odds/history?cursor=${enc(pick(forged)())}`,
      headers: auth,
      expect: [400, 404],
    };
  });
  add(1200, () => {
    const [path, param] = pick([
      ["/v1/contests", "date"],
      ["/v1/contests", "from"],
      [`/v1/contests/${ids.contestId}/odds/history`, "before"],
      [`/v1/contests/${ids.contestId}/odds/history`, "after"],
      ["/v1/contests", "to"],
    ]);
    const extra = path === "/v1/contests" ? `&competition=${ids.competitionId}` : "";
    return {
      category: "invalid dates",
      path: `${path}?${param}=${enc(pick(BAD_DATES))}${extra}`,
      headers: auth,
      expect: [400],
    };
  });
  add(1000, () => {
    const [path, expect] = pick<[string, number[]]>([
      [`/v1/${word(6, "abcdefghijklmnopqrstuvwxyz")}`, [404]],
      ["/v1/teams/0", [400, 404]],
      ["/v1/teams/-1", [400, 404]],
      [`/v1/teams/${word(12)}`, [400, 404]],
      ["/v1/teams/99999999999999", [400, 404]],
      ["/v1//teams", [404]],
      ["/v1/teams/", [200, 404]],
      ["/v1/../etc/passwd", [404]],
      ["/v1/%2e%2e/%2e%2e/etc/passwd", [404]],
      ["/v1/teams/%00", [400, 404]],
      [`/v1/${"x/".repeat(200)}`, [404]],
      [`/v1/persons/${ids.personId}/odds/history/extra`, [404]],
      ["/v1/contests/1/odds", [404]],
      ["/v2/teams", [404]],
      ["/v1/TEAMS", [404]],
      [`/v1/${word(3000)}`, [404]],
      [`/v1/${word(20_000)}`, [404, 414, 431]],
    ]);
    return { category: "unknown paths", path, headers: auth, expect };
  });
  add(500, () => ({
    category: "unknown methods",
    method: pick(METHODS),
    path: pick(["/v1/teams", "/v1/nowhere", `/v1/contests/${ids.contestId}`]),
    headers: auth,
    expect: [404, 405, 400, 501],
  }));

  // Raw bytes: duplicate headers, bad header bytes, methods fetch refuses to send.
  for (let i = 0; i < 400; i++) {
    const dup = pick<[string, string][]>([
      [
        ["X-API-Key", key],
        ["X-API-Key", key],
      ],
      [
        ["X-API-Key", key],
        ["X-API-Key", `sk_test_${word(32)}`],
      ],
      [
        ["Authorization", `Bearer ${key}`],
        ["Authorization", `Bearer ${key}`],
      ],
      [
        ["Authorization", `Bearer ${key}`],
        ["X-API-Key", `sk_live_${word(32)}`],
      ],
      [["X-API-Key", `${key}\u00e9`]],
      [
        ["X-API-Key", key],
        ["Content-Length", "5"],
        ["Content-Length", "7"],
      ],
      [
        ["X-API-Key", key],
        ["Transfer-Encoding", "chunked"],
        ["Content-Length", "3"],
      ],
    ]);
    const method = i % 10 === 0 ? pick(["TRACE", "CONNECT", "G\u00c9T", "GET /v1/teams"]) : "GET";
    cases.push({
      category: "duplicate headers / raw bytes",
      via: "raw",
      method,
      path: "/v1/teams",
      headers: dup,
      expect: [200, 400, 401, 404, 405],
    });
  }
  return cases;
}
