/**
 * A cell a spreadsheet would run as a formula (= + - @, or a tab or carriage return that some
 * readers strip before one) gets a leading apostrophe: shown as the text it is, never evaluated.
 */
export const neutralizeCell = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. */
export const csvField = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export const csvLine = (cells: string[]) => `${cells.map((c) => csvField(neutralizeCell(c))).join(',')}\r\n`;
