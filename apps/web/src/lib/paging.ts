/** The next page number while fewer rows than `total` are loaded (paged calls answer `{ list, total }`). */
export function nextPageNo(last: { list: unknown[]; total: number }, pages: { list: unknown[] }[]): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.list.length, 0);
  return last.list.length > 0 && loaded < last.total ? pages.length + 1 : undefined;
}
