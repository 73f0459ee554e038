/** Keeps only the digits a member typed into a quantity box (no sign, no decimals). */
export function quantityDigits(text: string): string {
  return text
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 7);
}
