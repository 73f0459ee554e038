import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

const EXPORT_PAGE_SIZE = 1000;
/** An export stops here (200 000 rows): a bigger one belongs in a report, not a browser download. */
const EXPORT_MAX_PAGES = 200;

/**
 * The first characters that make a spreadsheet read a text cell as a formula (docs/operations.md,
 * "Exports"): `=`, `+`, `-`, `@`, a tab or a carriage return, the full-width forms (＝ ＋ － ＠) that
 * some spreadsheets fold to ASCII, and the minus sign U+2212.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20\u2212]/;
/** A number as the server writes amounts and ids: an optional minus, digits, an optional fraction. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** What a column holds: `number` cells are written as numbers, everything else is text. */
export type CsvKind = 'text' | 'number';

/**
 * One CSV cell (RFC 4180). A number (a JavaScript number, or in a `number` column a decimal the
 * server wrote, such as an amount) is written plain, so that a spreadsheet sums it. Any other value
 * is text: one that a spreadsheet would run as a formula (FORMULA_START) gets a leading apostrophe,
 * even when it looks like a number (`-1+2`, or `-1` typed by a member in a text field).
 */
export function csvCell(value: unknown, kind: CsvKind = 'text'): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint') return String(value);
  if (kind === 'number' && typeof value === 'string' && PLAIN_NUMBER.test(value)) return value;
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly unknown[], kinds: readonly CsvKind[] = []): string {
  return `${cells.map((cell, i) => csvCell(cell, kinds[i])).join(',')}\r\n`;
}

/** A column of an export: its title, its value in a row, and whether it is a number (amounts). */
export type CsvColumn<T> = { title: string; value: (row: T) => unknown; kind?: CsvKind };

/**
 * Streams a table as CSV, fetching it a page at a time with the same query as the screen, so that
 * no export holds every row in memory.
 */
export function sendCsv<T>(
  reply: FastifyReply,
  filename: string,
  page: (pageNo: number, pageSize: number) => Promise<{ list: T[] }>,
  columns: readonly CsvColumn<T>[],
) {
  const kinds = columns.map((c) => c.kind ?? 'text');
  async function* lines() {
    yield `\uFEFF${csvLine(columns.map((c) => c.title))}`;
    for (let pageNo = 1; pageNo <= EXPORT_MAX_PAGES; pageNo++) {
      const { list } = await page(pageNo, EXPORT_PAGE_SIZE);
      for (const row of list)
        yield csvLine(
          columns.map((c) => c.value(row)),
          kinds,
        );
      if (list.length < EXPORT_PAGE_SIZE) return;
    }
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(Readable.from(lines()));
}
