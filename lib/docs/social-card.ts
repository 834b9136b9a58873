import { deflateSync } from "node:zlib";

// The home page's social card (public/social-card.png, 1200 × 630: the size Open Graph and X show
// large), drawn here without a canvas or font library so it builds offline and byte for byte the
// same: a dark card, the name in block letters and a rising stat line. `npm run social-card`
// writes it; lib/docs/social-card.test.ts checks the file is this drawing.

export const CARD = { width: 1200, height: 630 } as const;

type Rgb = readonly [number, number, number];
const BACKGROUND: Rgb = [15, 23, 42]; // slate-900
const INK: Rgb = [241, 245, 249]; // slate-100
const ACCENT: Rgb = [16, 185, 129]; // emerald-500
const MUTED: Rgb = [51, 65, 85]; // slate-700

/** 5 × 7 glyphs of the letters the card writes, one string per row. */
const GLYPHS: Record<string, string[]> = {
  S: ["01111", "10000", "10000", "01110", "00001", "00001", "11110"],
  T: ["11111", "00100", "00100", "00100", "00100", "00100", "00100"],
  A: ["01110", "10001", "10001", "11111", "10001", "10001", "10001"],
  L: ["10000", "10000", "10000", "10000", "10000", "10000", "11111"],
  I: ["11111", "00100", "00100", "00100", "00100", "00100", "11111"],
  N: ["10001", "11001", "10101", "10011", "10001", "10001", "10001"],
  E: ["11111", "10000", "10000", "11110", "10000", "10000", "11111"],
  " ": ["00000", "00000", "00000", "00000", "00000", "00000", "00000"],
};

class Canvas {
  readonly pixels: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
    fill: Rgb,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    this.rect(0, 0, width, height, fill);
  }
  rect(x: number, y: number, w: number, h: number, [r, g, b]: Rgb) {
    for (let row = Math.max(0, y); row < Math.min(this.height, y + h); row++)
      for (let col = Math.max(0, x); col < Math.min(this.width, x + w); col++) {
        const i = (row * this.width + col) * 3;
        this.pixels[i] = r;
        this.pixels[i + 1] = g;
        this.pixels[i + 2] = b;
      }
  }
  text(s: string, x: number, y: number, scale: number, colour: Rgb) {
    let left = x;
    for (const ch of s) {
      const glyph = GLYPHS[ch] ?? GLYPHS[" "];
      glyph.forEach((line, row) =>
        [...line].forEach((bit, col) => {
          if (bit === "1") this.rect(left + col * scale, y + row * scale, scale, scale, colour);
        }),
      );
      left += 6 * scale;
    }
  }
}

function drawCard(): Canvas {
  const c = new Canvas(CARD.width, CARD.height, BACKGROUND);
  c.rect(0, 0, CARD.width, 12, ACCENT);
  c.text("STATLINE", 96, 110, 16, INK);
  // The stat line: bars rising left to right, the last one in the accent colour.
  const heights = [60, 90, 75, 130, 110, 170, 150, 220];
  heights.forEach((h, i) => c.rect(96 + i * 70, 540 - h, 48, h, i === heights.length - 1 ? ACCENT : MUTED));
  c.rect(96, 548, 8 * 70 - 22, 6, INK);
  return c;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The card as PNG bytes (8-bit RGB, no filter, zlib level 9). */
export function socialCardPng(): Buffer {
  const c = drawCard();
  const header = Buffer.alloc(13);
  header.writeUInt32BE(c.width, 0);
  header.writeUInt32BE(c.height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((c.width * 3 + 1) * c.height);
  for (let y = 0; y < c.height; y++)
    rows.set(c.pixels.subarray(y * c.width * 3, (y + 1) * c.width * 3), y * (c.width * 3 + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
