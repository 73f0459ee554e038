// Some phone keyboards (Chinese IMEs in full-width mode) type ０-９ and ．: the same digits and point.
const FULL_WIDTH = /[\uFF10-\uFF19\uFF0E]/g;

/**
 * What an amount field holds after the member typed or pasted `next`: digits and one decimal point
 * with at most `places` decimals (the asset's ENTRY_PLACES), or null to refuse the change and keep
 * the field as it was. "abc", "1e3", "-1" or a third decimal never get in, so no amount is refused
 * only at submit for its characters. A comma some keyboards type for the point is taken as the
 * point; spaces around a paste are dropped; a leading point reads "0.", and leading zeros go
 * ("007" reads 7: the amount rule refuses them).
 */
export function amountInput(next: string, places: number): string | null {
  const text = next
    .trim()
    .replace(FULL_WIDTH, (char) => (char === '\uFF0E' ? '.' : String.fromCharCode(char.charCodeAt(0) - 0xfee0)))
    .replace(',', '.');
  const shape = places > 0 ? new RegExp(`^\\d*(\\.\\d{0,${places}})?$`) : /^\d*$/;
  if (!shape.test(text)) return null;
  return text.startsWith('.') ? `0${text}` : text.replace(/^0+(?=\d)/, '');
}
