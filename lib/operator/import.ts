import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ApiError } from "../platform/errors";
import { recordAudit } from "../audit/store";
import type { Db } from "../platform/db";
import { bumpDataVersion } from "../events/data-version";
import { changedAnything, importFile, ImportError, type ImportSummary } from "../importers/index";
import type { OperatorActor } from "./suspension";

export { importMaxBytes } from "./import-limits";

/** The formats the importers read, by extension (lib/importers/index.ts parseText). */
const EXTENSIONS = new Set([".csv", ".json"]);

/**
 * A safe file name for the temporary copy: the importers pick the format by extension and read
 * defaults (league code, season) from the name, so the name is kept, stripped to [A-Za-z0-9._-].
 */
export function uploadName(raw: string): string {
  const base = path
    .basename(raw.replace(/\\/g, "/"))
    .replace(/[^A-Za-z0-9._-]/g, "_")
    .slice(-100);
  const ext = path.extname(base).toLowerCase();
  if (!base || base.startsWith(".") || !EXTENSIONS.has(ext))
    throw new ApiError("INVALID_PARAMETER", "name: a .csv or .json file name");
  return base;
}

export interface UploadOptions {
  competition?: string;
  edition?: string;
  createTeams?: boolean;
  skipMalformed?: boolean;
}

/** Per-row errors shown at most; the total is always given. */
export const ROW_ERRORS_SHOWN = 200;

export interface UploadResult {
  summary: Omit<ImportSummary, "errors"> & { errors: ImportSummary["errors"]; errorCount: number };
}

/**
 * Imports one uploaded file with the same importer as `npm run import` (one transaction, malformed
 * rows skipped and listed), then the data-changed signal. The file lives in a private temporary
 * folder only while it is read. A file the importer cannot use is a 400 with the importer's words.
 */
export async function importUpload(
  db: Db,
  operatorAccountId: string,
  name: string,
  bytes: Buffer,
  opts: UploadOptions,
  actor: OperatorActor,
): Promise<UploadResult> {
  if (bytes.length === 0) throw new ApiError("INVALID_PARAMETER", "The file is empty");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-upload-"));
  const file = path.join(dir, uploadName(name));
  let summary: ImportSummary;
  try {
    fs.writeFileSync(file, bytes, { mode: 0o600 });
    summary = await importFile(db, file, { ...opts, actor: `operator:${actor.name}` });
  } catch (err) {
    if (err instanceof ImportError) throw new ApiError("INVALID_PARAMETER", err.message.slice(0, 2000));
    throw err;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (changedAnything(summary)) await bumpDataVersion();
  await recordAudit(db, {
    accountId: operatorAccountId,
    actorUserId: actor.userId,
    action: "data.imported",
    targetType: "dataset",
    targetId: summary.file,
    detail: `${summary.file} by ${actor.name}: ${summary.contests.imported} contests new, ${summary.contests.updated} updated, ${summary.errors.length} rows skipped`,
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
  return {
    summary: {
      ...summary,
      errors: summary.errors.slice(0, ROW_ERRORS_SHOWN),
      errorCount: summary.errors.length,
    },
  };
}
