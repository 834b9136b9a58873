import { scrub } from "../platform/log";

/**
 * scrub() for logged text: a key written with percent-escapes (`sk%5Flive%5F…`) is found in the
 * decoded text (up to three rounds, for double encoding), and then the decoded text is stored, cut.
 */
export function redactUrlPart(text: string): string {
  const plain = scrub(text);
  let decoded = text;
  for (let i = 0; i < 3 && decoded.includes("%"); i++) {
    decoded = decoded.replace(/%([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    const cut = scrub(decoded);
    if (cut !== decoded) return cut;
  }
  return plain;
}
