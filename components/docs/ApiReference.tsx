import { deref } from "@/lib/api/openapi-ref";

// The reference, rendered on the server from the same document /v1/openapi.json serves: no client
// JavaScript and no third-party renderer (Scalar's packages need Node >= 22 and shipped 1.3 MB).

type Json = Record<string, unknown>;
interface Param {
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
  "x-units"?: number;
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-");

function typeOf(schema: Json | undefined): string {
  if (!schema) return "";
  if (Array.isArray(schema.enum)) return schema.enum.join(" | ");
  const parts = [String(schema.type ?? "")];
  if (typeof schema.format === "string" && !/^int(32|64)$/.test(schema.format)) parts.push(schema.format);
  return parts.filter(Boolean).join(", ");
}

function Paragraphs({ text }: { text?: string }) {
  if (!text) return null;
  return (
    <>
      {text.split(/\n\n+/).map((p, i) => (
        <p key={i} className="mt-2 max-w-prose text-slate-700">
          {p.replace(/`/g, "")}
        </p>
      ))}
    </>
  );
}

function Operation({ method, path, op }: { method: string; path: string; op: Op }) {
  const params = (op.parameters ?? []).filter((p) => p.in !== "header");
  return (
    <article
      id={op.operationId}
      className="border-t border-slate-200 py-6"
      aria-labelledby={`${op.operationId}-h`}
    >
      <h4 id={`${op.operationId}-h`} className="text-lg font-semibold">
        {op.summary}
      </h4>
      <p className="mt-1 font-mono text-sm break-all">
        <span className="mr-2 rounded bg-emerald-100 px-1.5 py-0.5 font-semibold text-emerald-900">
          {method.toUpperCase()}
        </span>
        {path}
      </p>
      <Paragraphs text={op.description} />
      {params.length > 0 && (
        // Focusable so a keyboard user can scroll a wide table (axe scrollable-region-focusable).
        <div
          className="mt-3 overflow-x-auto"
          tabIndex={0}
          role="region"
          aria-label={`Parameters of ${op.summary}`}
        >
          <table className="w-full min-w-[32rem] text-left text-sm">
            <caption className="sr-only">Parameters of {op.summary}</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-1 pr-3">
                  Parameter
                </th>
                <th scope="col" className="py-1 pr-3">
                  Type
                </th>
                <th scope="col" className="py-1">
                  Description
                </th>
              </tr>
            </thead>
            <tbody>
              {params.map((p) => (
                <tr key={`${p.in}-${p.name}`} className="border-b border-slate-100 align-top">
                  <td className="py-1 pr-3 font-mono whitespace-nowrap">
                    {p.name}
                    {p.required ? <span className="text-red-800"> (required)</span> : null}
                  </td>
                  <td className="py-1 pr-3 whitespace-nowrap">{typeOf(p.schema)}</td>
                  <td className="py-1">{p.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="mt-3 text-sm text-slate-700">
        <span className="font-medium">Responses:</span> {Object.keys(op.responses ?? {}).join(", ")}
      </p>
    </article>
  );
}

/** Operations grouped by tag, in the document's tag order, with a table of contents. */
export function ApiReference({ doc }: { doc: Json }) {
  const paths = deref(doc, doc.paths) as Record<string, Record<string, Op>>;
  const tags = (doc.tags as { name: string; description?: string }[]) ?? [];
  const byTag = new Map<string, { method: string; path: string; op: Op }[]>();
  for (const [path, item] of Object.entries(paths))
    for (const [method, op] of Object.entries(item)) {
      const tag = op.tags?.[0] ?? "Other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, op }]);
    }
  const groups = tags.filter((t) => byTag.has(t.name));
  return (
    <div className="mx-auto max-w-5xl px-4 sm:px-6">
      <nav aria-label="Endpoints" className="mt-8">
        <h2 className="text-xl font-semibold">Endpoints</h2>
        <ul className="mt-2 grid gap-x-6 sm:grid-cols-2">
          {groups.map((t) => (
            <li key={t.name}>
              <a className="text-emerald-800 underline" href={`#${slug(t.name)}`}>
                {t.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {groups.map((t) => (
        <section key={t.name} id={slug(t.name)} aria-labelledby={`${slug(t.name)}-h`} className="mt-10">
          <h3 id={`${slug(t.name)}-h`} className="text-2xl font-bold">
            {t.name}
          </h3>
          <Paragraphs text={t.description} />
          {byTag.get(t.name)!.map((o) => (
            <Operation key={`${o.method} ${o.path}`} {...o} />
          ))}
        </section>
      ))}
    </div>
  );
}
