// CSV for spreadsheets (issue 14): UTF-8 with a byte-order mark so Excel reads accents, every cell quoted, and
// a cell a spreadsheet would run as a formula neutralised (OWASP "CSV injection").

export const BOM = '\uFEFF';

/** A cell starting with =, +, -, @, a tab or a carriage return is a formula to a spreadsheet: a leading ' keeps it text. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** One line, ended the way RFC 4180 says. */
export function csvRow(cells: ReadonlyArray<string | number | null | undefined>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
