export interface CsvRow {
  /** 1-based line of the file on which the record starts (the header is line 1). */
  line: number;
  cells: string[];
}

/**
 * RFC 4180 CSV: quoted fields may hold commas, doubled quotes and line breaks; CRLF or LF; a BOM
 * is dropped. Returns records with the line they start on, so errors can point at the file.
 */
export function parseCsv(text: string): CsvRow[] {
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let start = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = () => {
    cells.push(cell);
    rows.push({ line: start, cells });
    cells = [];
    cell = "";
  };
  for (; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === "\n") line++;
        cell += ch;
      }
    } else if (ch === '"' && cell === "") quoted = true;
    else if (ch === ",") {
      cells.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      endRecord();
      line++;
      start = line;
    } else cell += ch;
  }
  if (cell !== "" || cells.length) endRecord();
  return rows;
}

/** "line 5, column 2 (Date)": a row's error located at the column read last when it was found. */
export function at(where: string, index: ReadonlyMap<string, number>, column: string): string {
  const i = index.get(column);
  return column && i !== undefined ? `${where}, column ${i + 1} (${column})` : where;
}
