/**
 * The layout rules every main page keeps at every phone width and in every language, checked in
 * the page at once (one evaluate): the page no wider than the screen; no element wider than its
 * container, nor cut (text clipped or ended with an ellipsis); no line of a wrapped Chinese,
 * Japanese or Korean text holding one character alone; the figures of a row of a list (dl) at one
 * height. Swipers and scrolling strips are meant to
 * run past the screen, and pictures (svg, canvas) are drawn to fit: those are not looked at.
 */
export function layoutProblems(): string[] {
  const problems: string[] = [];
  const name = (el: Element) => {
    const id = el.getAttribute('data-testid');
    const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
    const text = (el.textContent ?? '').trim().slice(0, 24);
    return `${el.tagName.toLowerCase()}${id ? `[${id}]` : ''}${cls ? `.${cls}` : ''} "${text}"`;
  };
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth + 1) problems.push(`page ${root.scrollWidth}px > ${root.clientWidth}px`);
  const skipped = (el: Element): boolean => {
    for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) {
      if (a.matches('svg, canvas, .adm-swiper, .visually-hidden, [aria-hidden="true"], .kline-chart')) return true;
      const style = getComputedStyle(a);
      if (a !== el && (style.overflowX === 'auto' || style.overflowX === 'scroll')) return true;
    }
    return false;
  };
  const ownText = (el: Element) =>
    Array.from(el.childNodes)
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent ?? '')
      .join('')
      .trim();
  const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.position === 'fixed' || style.position === 'absolute') continue;
    if (skipped(el) || style.animationName !== 'none') continue;
    const parent = el.parentElement;
    if (parent && parent !== document.body) {
      const outer = parent.getBoundingClientRect();
      if (box.width > outer.width + 1)
        problems.push(`${name(el)} ${Math.round(box.width)}px in ${Math.round(outer.width)}px`);
    }
    const text = ownText(el);
    if (!text) continue;
    // A text cut on purpose shows whole in its title (a link copied by its button); one that glides
    // shows whole in time (the notice bar).
    if (el.hasAttribute('title') || style.animationName !== 'none') continue;
    const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
    if (clips && el.scrollWidth > el.clientWidth + 1) problems.push(`${name(el)} cut`);
    const clamped = style.getPropertyValue('-webkit-line-clamp');
    if (clamped && clamped !== 'none' && el.scrollHeight > el.clientHeight + 1) problems.push(`${name(el)} cut short`);
    // A lone character: the last character of a wrapped text on a line of its own.
    const node = Array.from(el.childNodes)
      .filter((child) => child.nodeType === Node.TEXT_NODE && child.textContent?.trim())
      .at(-1);
    const value = node?.textContent?.trimEnd() ?? '';
    if (node && value.length >= 3 && CJK.test(value.slice(-1))) {
      const range = document.createRange();
      const end = value.length;
      range.setStart(node, end - 1);
      range.setEnd(node, end);
      const last = range.getBoundingClientRect();
      range.setStart(node, end - 2);
      range.setEnd(node, end - 1);
      const before = range.getBoundingClientRect();
      if (last.height > 0 && last.top > before.top + before.height / 2 && /\S/.test(value.slice(-2, -1))) {
        problems.push(`${name(el)} leaves "${value.slice(-1)}" alone on a line`);
      }
    }
  }
  // Figures side by side sit at one height, whatever their labels wrap to.
  for (const list of Array.from(document.querySelectorAll('dl'))) {
    const rows = new Map<number, number[]>();
    for (const figure of Array.from(list.querySelectorAll(':scope > div > dd'))) {
      const cell = figure.parentElement?.getBoundingClientRect();
      if (!cell || cell.width === 0) continue;
      const top = Math.round(cell.top);
      // Their last lines, where the figures end: a figure wrapped onto two lines still ends on the row's line.
      rows.set(top, [...(rows.get(top) ?? []), Math.round(figure.getBoundingClientRect().bottom)]);
    }
    for (const tops of rows.values()) {
      if (Math.max(...tops) - Math.min(...tops) > 1) problems.push(`${name(list)} figures end at ${tops.join('/')}px`);
    }
  }
  return problems;
}
