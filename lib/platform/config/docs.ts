import type { VarGroup, VarSpec } from "./spec";
import { VARS } from "./index";

const BEGIN = "<!-- BEGIN GENERATED: npm run docs:config -->";
const END = "<!-- END GENERATED -->";

const cell = (text: string) => text.replace(/\|/g, "\\|");

function shownDefault(spec: VarSpec): string {
  if (spec.shown) return spec.shown;
  if (spec.default === undefined) return "unset";
  return `\`${spec.default}\``;
}

function typeOf(spec: VarSpec): string {
  if (spec.kind === "enum") return spec.values?.map((x) => `\`${x}\``).join(", ") ?? "enum";
  const range =
    spec.min !== undefined && spec.max !== undefined
      ? ` ${spec.min}–${spec.max}`
      : spec.min !== undefined && spec.min > 0
        ? ` ≥ ${spec.min}`
        : "";
  return `${spec.kind}${range}`;
}

/** The generated part of docs/configuration.md: one table per group, in declaration order. */
export function configTables(): string {
  const groups = new Map<VarGroup, [string, VarSpec][]>();
  for (const [name, spec] of Object.entries(VARS) as [string, VarSpec][]) {
    const rows = groups.get(spec.group) ?? [];
    rows.push([name, spec]);
    groups.set(spec.group, rows);
  }
  const out: string[] = [BEGIN, ""];
  for (const [group, rows] of groups) {
    out.push(`### ${group}`, "", "| Variable | Type | Default | Meaning |", "| --- | --- | --- | --- |");
    for (const [name, spec] of rows)
      out.push(
        `| \`${name}\` | ${cell(typeOf(spec))} | ${cell(shownDefault(spec))} | ${cell(spec.description)} |`,
      );
    out.push("");
  }
  out.push(END);
  return out.join("\n");
}

/** `doc` with its generated part replaced by the current tables. */
export function withConfigTables(doc: string): string {
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/configuration.md lacks the ${BEGIN} … ${END} markers`);
  return doc.slice(0, start) + configTables() + doc.slice(end + END.length);
}

/** docs/configuration.md as it should be: the tables regenerated, then formatted by Prettier like every doc. */
export async function renderConfigDoc(doc: string, file: string): Promise<string> {
  const prettier = await import("prettier");
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(withConfigTables(doc), { ...options, parser: "markdown" });
}
