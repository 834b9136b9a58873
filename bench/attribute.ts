// Names where an endpoint's server time goes, from a .cpuprofile taken during its own load: each
// sample is charged to the innermost stack frame that belongs to a known stage (the query, the
// socket write, authentication, metering, ...). A by-id read's floor is little more than its query
// and its socket write, so the stages beside those two are what separates Statline from its floor.
import fs from "node:fs";

interface Frame {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

/** Stages in the order a sample's frames are tried, innermost frame first. */
const STAGES: [stage: string, test: (fn: string, url: string) => boolean][] = [
  ["query (driver)", (_fn, url) => /lib\/db\/|\/better-sqlite3\/|\/node_modules\/pg(-[a-z]+)?\//.test(url)],
  [
    "socket write",
    (fn, url) => /^(writev|writeBuffer|writeUtf8String|writeLatin1String)$/.test(fn) || url === "node:net",
  ],
  ["authentication", (_fn, url) => /lib\/api\/auth\.ts|lib\/keys\//.test(url)],
  ["rate limit + metering", (_fn, url) => /lib\/usage\//.test(url)],
  ["request log + metrics", (_fn, url) => /lib\/requestlog\/|lib\/api\/observe\.ts|lib\/metrics/.test(url)],
  [
    "envelope (etag, headers, bytes)",
    (_fn, url) => /lib\/api\/(cache|respond|encoding|adapters\/node)\.ts/.test(url),
  ],
  [
    "handler (shaping rows)",
    (_fn, url) => /lib\/api\/(endpoints|serialize|by-id)|lib\/repos\/|lib\/sports\//.test(url),
  ],
  ["routing + validation", (_fn, url) => /lib\/api\/(router|request|routes)\.ts|\/zod\//.test(url)],
  [
    "HTTP parsing + Node streams",
    (_fn, url) => /^node:(_http|internal\/streams|events|internal\/stream_base)/.test(url),
  ],
  ["garbage collection", (fn) => fn === "(garbage collector)"],
];

export interface Attribution {
  stage: string;
  /** Share of the busy (non-idle) samples. */
  pct: number;
}

export function attributeProfile(file: string): Attribution[] {
  const prof = JSON.parse(fs.readFileSync(file, "utf8")) as { nodes: Frame[]; samples: number[] };
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stageOf = new Map<number, string | null>();
  const resolve = (id: number): string | null => {
    const known = stageOf.get(id);
    if (known !== undefined) return known;
    const { functionName, url } = byId.get(id)!.callFrame;
    if (url.endsWith("profiler-preload.mjs")) return null;
    const own = STAGES.find(([, test]) => test(functionName, url))?.[0];
    const up = parent.get(id);
    const stage = own ?? (up === undefined ? "other" : resolve(up));
    stageOf.set(id, stage);
    return stage;
  };
  const counts = new Map<string, number>();
  let busy = 0;
  for (const id of prof.samples) {
    const fn = byId.get(id)!.callFrame.functionName;
    if (fn === "(idle)") continue;
    const stage = resolve(id);
    if (stage === null) continue;
    busy++;
    counts.set(stage, (counts.get(stage) ?? 0) + 1);
  }
  return [...counts]
    .map(([stage, n]) => ({ stage, pct: (100 * n) / (busy || 1) }))
    .sort((a, b) => b.pct - a.pct);
}

/** "query 18% (40 µs), socket write 20% (44 µs), …" given the run's CPU per request. */
export function describeAttribution(a: Attribution[], cpuUsPerRequest: number | undefined): string {
  return a
    .filter((x) => x.pct >= 2)
    .map(
      (x) =>
        `${x.stage} ${x.pct.toFixed(0)}%${cpuUsPerRequest ? ` (${((x.pct / 100) * cpuUsPerRequest).toFixed(0)} µs)` : ""}`,
    )
    .join(", ");
}

if (process.argv[1]?.endsWith("attribute.ts")) {
  for (const a of attributeProfile(process.argv[2]))
    console.log(`${a.pct.toFixed(1).padStart(5)}%  ${a.stage}`);
}
