// `statline keys check <key>`: the key's form and checksum, offline (docs/keys.md, "Checksum").
// The same algorithm as lib/keys/checksum.ts (tests compare the two on known vectors).
import { crc32 } from "node:zlib";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const FORM = /^sk_(live|test)_[0-9A-Za-z]{32}$/;

export function checksumOf(head) {
  let n = crc32(head);
  let out = "";
  for (let i = 0; i < 6; i++) {
    out = BASE62[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

/** Never the whole key: its 16-character display prefix, or a length for anything else. */
function shown(key) {
  return FORM.test(key) ? `${key.slice(0, 16)}…` : `the ${key.length}-character text`;
}

/** { ok, environment?, message }: ok only for the spec's form with a valid checksum. */
export function checkKey(raw) {
  const key = String(raw ?? "").trim();
  const form = FORM.exec(key);
  if (!form)
    return {
      ok: false,
      message: `${shown(key)} is not a Statline key: expected sk_live_ or sk_test_ followed by 32 letters and digits`,
    };
  if (checksumOf(key.slice(0, 34)) !== key.slice(34))
    return {
      ok: false,
      environment: form[1],
      message: `${shown(key)} has the key form but no valid checksum: mistyped, or a key made before keys carried checksums (such keys still work)`,
    };
  return {
    ok: true,
    environment: form[1],
    message: `${shown(key)} is a well-formed ${form[1]} key with a valid checksum`,
  };
}

/** Exit 0 when valid, 1 when not, 64 on a usage error. The key is read from the argument or stdin ("-"). */
export async function keysCheck(positionals, flags) {
  if (positionals.length !== 1) {
    process.stderr.write("usage: statline keys check <key>   (or - to read it from stdin)\n");
    return 64;
  }
  let raw = positionals[0];
  if (raw === "-") {
    const chunks = [];
    for await (const c of process.stdin) chunks.push(c);
    raw = Buffer.concat(chunks).toString("utf8").slice(0, 1000);
  }
  const result = checkKey(raw);
  if (flags.json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else (result.ok ? process.stdout : process.stderr).write(`${result.message}\n`);
  return result.ok ? 0 : 1;
}
