/** A cell of a CSV download: text, a number, or nothing. */
export type CsvValue = string | number | null

/**
 * One CSV field (RFC 4180 quoting). Text a spreadsheet would run as a formula (a title or a
 * message starting with '=', '+', '-', '@', a tab or a carriage return) is prefixed with an
 * apostrophe, so opening the file runs nothing. Numbers are written as they are.
 */
function csvField(value: CsvValue) {
  if (value === null) return ''
  if (typeof value === 'number') return String(value)
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** Rows (the first one the headings) as a CSV file, CRLF line ends as RFC 4180 and spreadsheets expect. */
export function csvText(rows: CsvValue[][]) {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n'
}

/** Headers of a CSV file sent as a download: one person's data, so no shared cache keeps it, and no index either. */
export function csvDownloadHeaders(fileName: string) {
  return {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${fileName}"`,
    'cache-control': 'private, no-store',
    'x-robots-tag': 'noindex',
  }
}
