import { describe, expect, it } from 'vitest';
import { type CsvKind, csvCell, csvLine } from './csv.ts';

/**
 * What a spreadsheet makes of one CSV line: RFC 4180 fields, each then read as a spreadsheet reads
 * a typed cell (a leading apostrophe: text, shown without it; a formula start: a formula; a plain
 * decimal: a number; anything else: text).
 */
type Cell = { number: number } | { text: string } | { formula: string };

function spreadsheetRow(line: string): Cell[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i] as string;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\r' && line[i + 1] === '\n') break;
    else field += char;
  }
  fields.push(field);
  return fields.map((cell): Cell => {
    if (cell.startsWith("'")) return { text: cell.slice(1) };
    // Spreadsheets fold full-width signs and U+2212 to their ASCII forms before they parse a cell.
    const folded = cell.replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
    if (/^[=+\-@\t\r\u2212]/.test(folded) && !/^-?\d+(\.\d+)?$/.test(folded)) return { formula: cell };
    if (/^-?\d+(\.\d+)?$/.test(folded)) return { number: Number(folded) };
    return { text: cell };
  });
}

const read = (value: unknown, kind?: CsvKind) => spreadsheetRow(csvLine([value], kind ? [kind] : []))[0];

describe('csvCell: no text cell a spreadsheet runs as a formula', () => {
  const starts = ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠', '\u2212'];

  it.each(starts)('escapes a text starting with %j', (start) => {
    for (const rest of ['1+1', 'HYPERLINK("http://x")', 'cmd|" /C calc"!A0', '2']) {
      const text = `${start}${rest}`;
      expect(csvCell(text).replace(/^"/, '').startsWith("'")).toBe(true);
      expect(read(text)).toEqual({ text });
    }
  });

  it('escapes a text that looks like a negative number: only a number column is a number', () => {
    expect(csvCell('-1')).toBe("'-1");
    expect(read('-1')).toEqual({ text: '-1' });
    expect(read('-1+2', 'number')).toEqual({ text: '-1+2' });
    expect(read('=1', 'number')).toEqual({ text: '=1' });
  });

  it('writes amounts and ids as numbers, unescaped', () => {
    expect(csvCell('-200', 'number')).toBe('-200');
    expect(read('-12.5', 'number')).toEqual({ number: -12.5 });
    expect(read('0.00000001', 'number')).toEqual({ number: 0.00000001 });
    expect(read('123456', 'number')).toEqual({ number: 123456 });
    expect(read(-3)).toEqual({ number: -3 });
    expect(read(42n)).toEqual({ number: 42 });
  });

  it('leaves ordinary text as it is, quoted where RFC 4180 wants it', () => {
    expect(csvCell('Approved, payouts paused')).toBe('"Approved, payouts paused"');
    expect(read('say "hi"')).toEqual({ text: 'say "hi"' });
    expect(read(null)).toEqual({ text: '' });
    expect(read({ a: 1 })).toEqual({ text: '{"a":1}' });
    expect(read('0xabc')).toEqual({ text: '0xabc' });
  });

  it('keeps every cell of a line in its column', () => {
    const line = csvLine(['=x', '-5', '-5', 'plain', '＠y'], ['text', 'text', 'number', 'text', 'text']);
    expect(spreadsheetRow(line)).toEqual([
      { text: '=x' },
      { text: '-5' },
      { number: -5 },
      { text: 'plain' },
      { text: '＠y' },
    ]);
  });
});
