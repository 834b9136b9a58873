import { crc32 } from "node:zlib";

/**
 * Key checksum (docs/keys.md, "Checksum"): the last 6 of a key's 32 base62 characters are
 * CRC-32 (IEEE 802.3, zlib's) of everything before them, `sk_{environment}_` plus the first 26
 * characters, as a 6-digit base62 number (0-9, A-Z, a-z; most significant digit first, padded
 * with "0"). 62^6 > 2^32, so every CRC fits. A scanner tells a Statline key from random text
 * offline; keys made before checksums existed fail the check and still authenticate.
 * bin/cli/keycheck.mjs implements the same for `statline keys check` (tests compare the two).
 */
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const CHECKSUM_LENGTH = 6;
/** Random characters before the checksum: 26 base62 = 154 bits. */
export const BODY_LENGTH = 26;

/** The regular expression a scanner uses (the spec's form: 32 base62 characters after the prefix). */
export const SCANNER_PATTERN = /\bsk_(?:live|test)_[0-9A-Za-z]{32}\b/g;

export function toBase62(n: number, width: number): string {
  let out = "";
  let rest = n;
  for (let i = 0; i < width; i++) {
    out = BASE62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

/** The 6-character checksum of `sk_{env}_` + 26 characters. */
export function checksumOf(head: string): string {
  return toBase62(crc32(head), CHECKSUM_LENGTH);
}

/** Whether a key of the spec's form ends with the checksum of the rest (no database involved). */
export function hasValidChecksum(key: string): boolean {
  if (!/^sk_(live|test)_[0-9A-Za-z]{32}$/.test(key)) return false;
  const cut = key.length - CHECKSUM_LENGTH;
  return checksumOf(key.slice(0, cut)) === key.slice(cut);
}
