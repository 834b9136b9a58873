"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { useCsrfToken } from "../csrf";
import { Button, focusRing } from "../ui/Button";
import { formatNumber } from "../ui/format";

interface RowError {
  where: string;
  message: string;
}
interface Summary {
  file: string;
  format: string;
  competition: string;
  edition: string;
  contests: { imported: number; updated: number; unchanged: number };
  odds: { imported: number; updated: number; unchanged: number };
  skipped: number;
  errors: RowError[];
  errorCount: number;
}

type Phase =
  | { step: "idle" }
  | { step: "uploading"; percent: number }
  | { step: "importing" }
  | { step: "done"; summary: Summary }
  | { step: "failed"; message: string };

const inputClass = `h-9 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-sm ${focusRing}`;

/**
 * Uploads one file as the request body (XMLHttpRequest: fetch reports no upload progress), then
 * waits for the import; the bar shows the bytes sent, then the import step.
 */
export function ImportForm({ maxBytes }: { maxBytes: number }) {
  const csrf = useCsrfToken();
  const router = useRouter();
  const [phase, setPhase] = useState<Phase>({ step: "idle" });
  const fileInput = useRef<HTMLInputElement>(null);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const file = fileInput.current?.files?.[0];
    if (!file) return;
    if (file.size > maxBytes) {
      setPhase({ step: "failed", message: `The file is larger than ${formatNumber(maxBytes)} bytes` });
      return;
    }
    const query = new URLSearchParams({ name: file.name });
    for (const k of ["competition", "edition"]) {
      const v = String(form.get(k) ?? "").trim();
      if (v) query.set(k, v);
    }
    if (form.get("createTeams")) query.set("createTeams", "1");
    if (form.get("skipMalformed")) query.set("skipMalformed", "1");
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/operator/import?${query.toString()}`);
    xhr.setRequestHeader("x-csrf-token", csrf);
    xhr.setRequestHeader("Content-Type", "application/octet-stream");
    xhr.upload.onprogress = (p) => {
      if (p.lengthComputable)
        setPhase({ step: "uploading", percent: Math.round((p.loaded / p.total) * 100) });
    };
    xhr.upload.onload = () => setPhase({ step: "importing" });
    xhr.onerror = () => setPhase({ step: "failed", message: "Could not reach the server." });
    xhr.onload = () => {
      let body: { data?: { summary: Summary }; error?: { message: string } } | null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status === 200 && body?.data) {
        setPhase({ step: "done", summary: body.data.summary });
        router.refresh();
      } else setPhase({ step: "failed", message: body?.error?.message ?? `Import failed (${xhr.status})` });
    };
    setPhase({ step: "uploading", percent: 0 });
    xhr.send(file);
  };

  const busy = phase.step === "uploading" || phase.step === "importing";
  const percent = phase.step === "uploading" ? phase.percent : phase.step === "idle" ? 0 : 100;
  return (
    <form onSubmit={submit} className="space-y-4 px-5 py-4 text-sm">
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-1 sm:col-span-3">
          <label htmlFor="import-file" className="font-medium text-slate-700">
            File (.csv or .json, at most {formatNumber(maxBytes)} bytes)
          </label>
          <input
            id="import-file"
            ref={fileInput}
            name="file"
            type="file"
            accept=".csv,.json"
            required
            className="min-w-0 text-sm"
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor="import-competition" className="font-medium text-slate-700">
            Competition (optional)
          </label>
          <input id="import-competition" name="competition" maxLength={100} className={inputClass} />
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor="import-edition" className="font-medium text-slate-700">
            Edition (optional)
          </label>
          <input
            id="import-edition"
            name="edition"
            maxLength={40}
            placeholder="2024/25"
            className={inputClass}
          />
        </div>
        <label className="flex items-center gap-2 self-end text-slate-700">
          <input type="checkbox" name="createTeams" className={focusRing} /> Create unknown teams
        </label>
        <label className="flex items-center gap-2 self-end text-slate-700">
          <input type="checkbox" name="skipMalformed" className={focusRing} /> Skip malformed rows
        </label>
      </div>
      <Button type="submit" disabled={busy}>
        Import
      </Button>
      {phase.step !== "idle" && (
        <div>
          <div
            role="progressbar"
            aria-label="Import progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={
              phase.step === "uploading"
                ? `Uploading, ${percent}%`
                : phase.step === "importing"
                  ? "Importing"
                  : phase.step === "done"
                    ? "Done"
                    : "Failed"
            }
            className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
          >
            <div
              className={`h-full ${phase.step === "failed" ? "bg-red-500" : "bg-emerald-600"} ${phase.step === "importing" ? "animate-pulse" : ""}`}
              style={{ width: `${percent}%` }}
            />
          </div>
          <p className="mt-1 text-slate-600" aria-live="polite">
            {phase.step === "uploading" && `Uploading… ${percent}%`}
            {phase.step === "importing" && "Uploaded; importing (one transaction)…"}
            {phase.step === "done" && "Done."}
          </p>
        </div>
      )}
      {phase.step === "failed" && (
        <p
          role="alert"
          className="whitespace-pre-wrap break-words rounded-md bg-red-50 px-3 py-2 text-red-700"
        >
          {phase.message}
        </p>
      )}
      {phase.step === "done" && <ImportResult summary={phase.summary} />}
    </form>
  );
}

function ImportResult({ summary: s }: { summary: Summary }) {
  return (
    <div role="status" className="space-y-2 rounded-md border border-slate-200 px-3 py-2">
      <p className="break-words">
        Imported <span className="font-medium">{s.file}</span> ({s.format}) into {s.competition}, edition{" "}
        {s.edition}: contests {s.contests.imported} new, {s.contests.updated} updated, {s.contests.unchanged}{" "}
        unchanged; odds {s.odds.imported} new; {s.skipped} rows skipped.
      </p>
      {s.errorCount > 0 && (
        <>
          <p className="font-medium text-amber-800">
            {s.errorCount} row{s.errorCount === 1 ? "" : "s"} with errors (skipped)
            {s.errorCount > s.errors.length ? `, the first ${s.errors.length} shown` : ""}:
          </p>
          <ul aria-label="Row errors" className="max-h-64 overflow-y-auto text-xs">
            {s.errors.map((e, i) => (
              <li key={i} className="break-words">
                <span className="font-mono">{e.where}</span>: {e.message}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
