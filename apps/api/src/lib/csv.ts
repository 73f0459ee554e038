import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

const EXPORT_PAGE_SIZE = 1000;
/** An export stops here (200 000 rows): a bigger one belongs in a report, not a browser download. */
const EXPORT_MAX_PAGES = 200;

/**
 * One CSV cell (RFC 4180). A text a spreadsheet would run as a formula (=, +, @, a tab, or a minus
 * not starting a number) gets a leading apostrophe.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+@\t\r]/.test(text) || /^-(?![\d.])/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * Streams a table as CSV, fetching it a page at a time with the same query as the screen, so that
 * no export holds every row in memory.
 */
export function sendCsv<T>(
  reply: FastifyReply,
  filename: string,
  page: (pageNo: number, pageSize: number) => Promise<{ list: T[] }>,
  columns: readonly { title: string; value: (row: T) => unknown }[],
) {
  async function* lines() {
    yield `\uFEFF${csvLine(columns.map((c) => c.title))}`;
    for (let pageNo = 1; pageNo <= EXPORT_MAX_PAGES; pageNo++) {
      const { list } = await page(pageNo, EXPORT_PAGE_SIZE);
      for (const row of list) yield csvLine(columns.map((c) => c.value(row)));
      if (list.length < EXPORT_PAGE_SIZE) return;
    }
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(Readable.from(lines()));
}
