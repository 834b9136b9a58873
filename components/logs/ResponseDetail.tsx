import type { RequestLogView } from "@/lib/requestlog/query";
import { CopyButton } from "../ui/CopyButton";

const mono = "font-mono text-[13px]";

/** A stored JSON body indented for reading; anything else (a cut body) as it is. */
function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/**
 * The response of an error row as it was sent: headers in order and the body (at most 4 KB, any
 * full key cut to its prefix). Successes keep neither: their bodies are the data, and they are most
 * rows of the log.
 */
export function ResponseDetail({ row }: { row: RequestLogView }) {
  const response = row.response;
  return (
    <section aria-labelledby="log-response-heading">
      <h3 id="log-response-heading" className="text-sm font-medium text-slate-900">
        Response
      </h3>
      {!response ? (
        <p className="mt-1 text-sm text-slate-600">
          {row.status < 400
            ? "Headers and body are kept for error responses only."
            : "Not kept for this row (recorded while the log was catching up on a backlog)."}
        </p>
      ) : (
        <div className="mt-2 space-y-3">
          <dl
            aria-label="Response headers"
            className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-[13px]"
          >
            {response.headers.map(([name, value]) => (
              <div
                key={name}
                className="grid grid-cols-1 gap-x-3 px-3 py-1.5 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]"
              >
                <dt className={`${mono} break-words text-slate-600`}>{name}</dt>
                <dd className={`${mono} break-words [overflow-wrap:anywhere] text-slate-900`}>{value}</dd>
              </div>
            ))}
          </dl>
          {response.body !== null && (
            <div>
              <div className="flex items-center justify-between gap-2">
                <h4 className="text-sm text-slate-600">Body</h4>
                <CopyButton text={response.body} size="sm" variant="ghost" label="Copy body" />
              </div>
              <pre
                data-testid="response-body"
                className={`${mono} mt-1 whitespace-pre-wrap rounded-lg bg-slate-50 p-3 leading-relaxed text-slate-900 [overflow-wrap:anywhere]`}
              >
                {pretty(response.body)}
              </pre>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
