/** Lower-case, accent-free, single-spaced: "  Kylian MBAPPÉ " -> "kylian mbappe". Used for search. */
export function normalizeName(name: string): string {
  return (
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/ø/gi, "o")
      .replace(/æ/gi, "ae")
      .replace(/ß/g, "ss")
      .replace(/đ/gi, "d")
      .replace(/ł/gi, "l")
      // Turkish dotless ı and a few letters NFKD does not decompose.
      .replace(/ı/g, "i")
      .replace(/œ/gi, "oe")
      .replace(/þ/gi, "th")
      .replace(/ð/gi, "d")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, " ")
      .trim()
  );
}

/** The distinct words of a normalised name, stored in PersonNameToken for prefix search. */
export function nameTokens(name: string): string[] {
  return [...new Set(normalizeName(name).split(" ").filter(Boolean))];
}

/** URL-safe identifier from a display name: "Liga Ibérica" -> "liga-iberica". */
export function slugify(name: string): string {
  return normalizeName(name).replace(/ /g, "-");
}
