import { hash } from "node:crypto";
import zlib from "node:zlib";

/**
 * Compression done once per response-cache entry. A body is the cached part (`head`: the data,
 * the same for every hit) plus a short per-request tail (request id, cache flag). The head is
 * compressed when the entry is stored, ending on a flush so the stream is byte-aligned; each
 * response appends its tail as an uncompressed block (a deflate stored block, a brotli
 * uncompressed meta-block) and the stream's end. The result is a standard gzip or br stream that
 * any decoder reads, and a hit costs a few small buffer writes instead of compressing again.
 */
export interface Compressed {
  gzip: Buffer;
  gzipCrc: number;
  br: Buffer;
  /** Uncompressed head length, for the gzip trailer. */
  length: number;
}

/** Below this a body is sent as is: compression saves fewer bytes than the headers it adds. */
export const COMPRESS_MIN_BYTES = 1024;

export function compressHead(head: Buffer): Compressed | undefined {
  if (head.length < COMPRESS_MIN_BYTES) return undefined;
  const gzip = zlib.deflateRawSync(head, { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const br = zlib.brotliCompressSync(head, {
    finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
    // Quality 5: about a tenth of quality 11's time for a few percent more bytes (bench/).
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: head.length,
    },
  });
  return { gzip, gzipCrc: zlib.crc32(head), br, length: head.length };
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const BR_END = Buffer.from([3]); // ISLAST=1, ISLASTEMPTY=1

/** The chunks of a gzip body: header, compressed head, the tail as a final stored block, trailer. */
export function gzipChunks(c: Compressed, tail: Buffer): Buffer[] {
  const stored = Buffer.alloc(5);
  stored[0] = 1; // BFINAL=1, BTYPE=00 (stored)
  stored.writeUInt16LE(tail.length, 1);
  stored.writeUInt16LE(~tail.length & 0xffff, 3);
  const trailer = Buffer.alloc(8);
  // Not crc32 of an empty buffer: its data pointer can be null, and zlib then returns 0, not the
  // running value (every second raw response had a zero CRC, caught by tests/api/openapi.test.ts).
  const crc = tail.length === 0 ? c.gzipCrc : zlib.crc32(tail, c.gzipCrc);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE((c.length + tail.length) >>> 0, 4);
  return [GZIP_HEADER, c.gzip, stored, tail, trailer];
}

/** The chunks of a br body: compressed head, the tail as an uncompressed meta-block, the end. */
export function brChunks(c: Compressed, tail: Buffer): Buffer[] {
  if (tail.length === 0) return [c.br, BR_END];
  // ISLAST=0, MNIBBLES=4 (00), MLEN-1 in 16 bits, ISUNCOMPRESSED=1, padded to 3 bytes.
  const bits = ((tail.length - 1) << 3) | (1 << 19);
  const header = Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff]);
  return [c.br, header, tail, BR_END];
}

export type Encoding = "br" | "gzip" | "identity";

/** Accept-Encoding negotiation: br, then gzip, when listed with q > 0 (or via "*"). */
export function negotiate(accept: string | undefined): Encoding {
  if (!accept) return "identity";
  let gzip = false;
  let br = false;
  for (const part of accept.split(",")) {
    const [token, ...params] = part.trim().toLowerCase().split(";");
    const q = params.find((p) => p.trim().startsWith("q="));
    if (q && Number(q.trim().slice(2)) === 0) continue;
    if (token === "br" || token === "*") br = true;
    if (token === "gzip" || token === "x-gzip" || token === "*") gzip = true;
  }
  return br ? "br" : gzip ? "gzip" : "identity";
}

/** Strong validator of the data (meta differs per request by design: request id, cache flag). */
export function etagOf(content: string | Buffer): string {
  return `"${hash("sha256", content, "base64url").slice(0, 27)}"`;
}

/**
 * The ETag of one content-coding of the data: a strong validator names exact bytes, so the br and
 * gzip bodies get their own (`"<hash>-br"`, `"<hash>-gzip"`); identity keeps the plain hash.
 */
export function codedEtag(etag: string, encoding: Encoding): string {
  return encoding === "identity" ? etag : `${etag.slice(0, -1)}-${encoding}"`;
}

/**
 * If-None-Match against one ETag: "*" or any listed tag (weak or strong) matches, in any of its
 * codings (a cache that stored the gzip body may revalidate it from a client wanting br).
 */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const bare = etag.slice(0, -1);
  return ifNoneMatch.split(",").some((t) => {
    const tag = t.trim().replace(/^W\//, "");
    return tag === etag || tag === `${bare}-br"` || tag === `${bare}-gzip"`;
  });
}
