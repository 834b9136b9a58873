// Summarises a V8 .cpuprofile (from `node --cpu-prof`): self time per function and per file, so
// the hot path's remaining cost can be named. Usage: tsx bench/profile.ts <file.cpuprofile> [top]
import fs from "node:fs";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  totalMs: number;
  idlePct: number;
  functions: { name: string; selfPct: number }[];
  files: { file: string; selfPct: number }[];
}

const shortUrl = (url: string) =>
  url
    .replace(/^file:\/\//, "")
    .replace(/^.*\/node_modules\//, "npm:")
    .replace(process.cwd() + "/", "");

export function summarizeProfile(file: string, top = 25): ProfileSummary {
  const prof = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  // Samples inside the profiler's own start/stop calls (bench/profiler-preload.mjs) are not load.
  const ignored = new Set<number>();
  const mark = (n: Node, inside: boolean) => {
    const here = inside || n.callFrame.url.endsWith("profiler-preload.mjs");
    if (here) ignored.add(n.id);
    for (const c of n.children ?? []) mark(byId.get(c)!, here);
  };
  mark(prof.nodes[0], false);
  const self = new Map<number, number>();
  prof.samples.forEach((id, i) => {
    if (!ignored.has(id)) self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0) || 1;
  const fn = new Map<string, number>();
  const files = new Map<string, number>();
  let idle = 0;
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === "(idle)") idle += us;
    const name = `${functionName || "(anonymous)"} ${url ? `${shortUrl(url)}:${lineNumber + 1}` : ""}`.trim();
    fn.set(name, (fn.get(name) ?? 0) + us);
    const f = url ? shortUrl(url).replace(/^(npm:(@[^/]+\/)?[^/]+).*$/, "$1") : functionName;
    files.set(f, (files.get(f) ?? 0) + us);
  }
  const rank = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
  return {
    totalMs: total / 1000,
    idlePct: (100 * idle) / total,
    functions: rank(fn).map(([name, us]) => ({ name, selfPct: (100 * us) / total })),
    files: rank(files).map(([file, us]) => ({ file, selfPct: (100 * us) / total })),
  };
}

if (process.argv[1]?.endsWith("profile.ts")) {
  const s = summarizeProfile(process.argv[2], Number(process.argv[3] ?? 30));
  console.log(`total ${s.totalMs.toFixed(0)} ms, idle ${s.idlePct.toFixed(1)}%`);
  console.log("-- self time by function");
  for (const f of s.functions) console.log(`${f.selfPct.toFixed(1).padStart(5)}%  ${f.name}`);
  console.log("-- self time by file/package");
  for (const f of s.files) console.log(`${f.selfPct.toFixed(1).padStart(5)}%  ${f.file}`);
}
