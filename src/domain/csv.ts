/**
 * CSV as spreadsheets and banks read it (RFC 4180: comma, CRLF, quotes doubled), a header then one line per row.
 * A cell that starts like a formula is prefixed with `'`, so a spreadsheet opened on the way never runs it.
 */
export function csvText(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cell = (value: string | number) => {
    let text = String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return `${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
