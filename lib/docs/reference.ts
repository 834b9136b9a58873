import { deref } from "./openapi-ref";
import { html, type Html } from "../platform/util/html";

// The reference, rendered on the server from the same document /v1/openapi.json serves: no client
// JavaScript and no third-party renderer (Scalar's packages need Node >= 22 and shipped 1.3 MB).

type Json = Record<string, unknown>;
export interface Param {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Json;
}
interface Op {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Param[];
  responses?: Record<string, { description?: string }>;
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-");

function typeOf(schema: Json | undefined): string {
  if (!schema) return "";
  if (Array.isArray(schema.enum)) return schema.enum.join(" | ");
  const parts = [String(schema.type ?? "")];
  if (typeof schema.format === "string" && !/^int(32|64)$/.test(schema.format)) parts.push(schema.format);
  return parts.filter(Boolean).join(", ");
}

const paragraphs = (text?: string): Html[] =>
  (text ?? "")
    .split(/\n\n+/)
    .filter(Boolean)
    .map((p) => html`<p class="mt-2 max-w-prose text-slate-700">${p.replace(/`/g, "")}</p>`);

function paramTable(summary: string, params: Param[]): Html {
  // Focusable so a keyboard user can scroll a wide table (axe scrollable-region-focusable).
  return html`<div
    class="mt-3 overflow-x-auto"
    tabindex="0"
    role="region"
    aria-label="Parameters of ${summary}"
  >
    <table class="w-full min-w-[32rem] text-left text-sm">
      <caption class="sr-only">
        Parameters of ${summary}
      </caption>
      <thead>
        <tr class="border-b border-slate-300">
          <th scope="col" class="py-1 pr-3">Parameter</th>
          <th scope="col" class="py-1 pr-3">Type</th>
          <th scope="col" class="py-1">Description</th>
        </tr>
      </thead>
      <tbody>
        ${params.map(
          (p) =>
            html`<tr class="border-b border-slate-100 align-top">
              <td class="py-1 pr-3 font-mono whitespace-nowrap">
                ${p.name}${p.required && html`<span class="text-red-800"> (required)</span>`}
              </td>
              <td class="py-1 pr-3 whitespace-nowrap">${typeOf(p.schema)}</td>
              <td class="py-1">${p.description}</td>
            </tr> `,
        )}
      </tbody>
    </table>
  </div>`;
}

function operation(method: string, path: string, op: Op): Html {
  const params = (op.parameters ?? []).filter((p) => p.in !== "header");
  const id = op.operationId ?? slug(`${method} ${path}`);
  const summary = op.summary ?? path;
  return html`<article id="${id}" class="border-t border-slate-200 py-6" aria-labelledby="${id}-h">
    <h4 id="${id}-h" class="text-lg font-semibold">${summary}</h4>
    <p class="mt-1 font-mono text-sm break-all">
      <span class="mr-2 rounded bg-emerald-100 px-1.5 py-0.5 font-semibold text-emerald-900"
        >${method.toUpperCase()}</span
      >${path}
    </p>
    ${paragraphs(op.description)} ${params.length > 0 && paramTable(summary, params)}
    <p class="mt-3 text-sm text-slate-700">
      <span class="font-medium">Responses:</span> ${Object.keys(op.responses ?? {}).join(", ")}
    </p>
  </article> `;
}

/** Operations grouped by tag, in the document's tag order, with a table of contents. */
export function apiReference(doc: Json): Html {
  const paths = deref(doc, doc.paths) as Record<string, Record<string, Op>>;
  const tags = (doc.tags as { name: string; description?: string }[]) ?? [];
  const byTag = new Map<string, { method: string; path: string; op: Op }[]>();
  for (const [path, item] of Object.entries(paths))
    for (const [method, op] of Object.entries(item)) {
      const tag = op.tags?.[0] ?? "Other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, op }]);
    }
  const groups = tags.filter((t) => byTag.has(t.name));
  return html`<div class="mx-auto max-w-5xl px-4 sm:px-6">
    <nav aria-label="Endpoints" class="mt-8">
      <h2 class="text-xl font-semibold">Endpoints</h2>
      <ul class="mt-2 grid gap-x-6 sm:grid-cols-2">
        ${groups.map(
          (t) => html`<li><a class="text-emerald-800 underline" href="#${slug(t.name)}">${t.name}</a></li>`,
        )}
      </ul>
    </nav>
    ${groups.map(
      (t) =>
        html`<section id="${slug(t.name)}" aria-labelledby="${slug(t.name)}-h" class="mt-10">
          <h3 id="${slug(t.name)}-h" class="text-2xl font-bold">${t.name}</h3>
          ${paragraphs(t.description)} ${byTag.get(t.name)!.map((o) => operation(o.method, o.path, o.op))}
        </section> `,
    )}
  </div>`;
}
