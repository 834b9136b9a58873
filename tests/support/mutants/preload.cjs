/**
 * Test-only source mutation for a server process (NODE_OPTIONS="--require <this file>"): each
 * edit of STATLINE_MUTANTS_PLAN (a JSON file: [{id, file, find, replace}]) is applied to the
 * source text as tsx reads it; `MUTANT_ON` in a replacement becomes a check of the mutant named
 * in STATLINE_MUTANT_ACTIVE (a file the test writes), so one server carries every mutant and the
 * test switches between them (and back to none) without a restart. Production never loads it.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- node --require loads it, before tsx */
const fs = require("node:fs");
const path = require("node:path");

const plan = JSON.parse(fs.readFileSync(process.env.STATLINE_MUTANTS_PLAN, "utf8"));
const activeFile = process.env.STATLINE_MUTANT_ACTIVE;
const readFileSync = fs.readFileSync;

globalThis.__statlineMutant = (id) => {
  try {
    return readFileSync.call(fs, activeFile, "utf8").trim() === id;
  } catch {
    return false;
  }
};

const byFile = new Map();
for (const edit of plan) {
  const abs = path.resolve(edit.file);
  byFile.set(abs, [...(byFile.get(abs) ?? []), edit]);
}

fs.readFileSync = function (file, ...rest) {
  const out = readFileSync.call(this, file, ...rest);
  const edits = typeof file === "string" ? byFile.get(path.resolve(file)) : undefined;
  if (!edits) return out;
  let text = String(out);
  for (const e of edits) {
    if (text.split(e.find).length !== 2)
      throw new Error(`mutant ${e.id}: '${e.find}' is not once in ${e.file}`);
    text = text.replace(e.find, () =>
      e.replace.replaceAll("MUTANT_ON", `globalThis.__statlineMutant(${JSON.stringify(e.id)})`),
    );
  }
  return typeof out === "string" ? text : Buffer.from(text);
};
