import type { ThemeConfig } from 'antd';

type Palette = 'green' | 'gold' | 'orange' | 'volcano';

/** A palette's 7th shade, a tag's text colour, under both of antd's names (its CSS variable takes `green-7`). */
function seventh(palette: Palette, color: string) {
  return { [`${palette}7`]: color, [`${palette}-7`]: color };
}

/**
 * The console's colours, in one place: MineCloud's green, with every text colour reaching WCAG AA
 * (4.5:1) on the surfaces it sits on (checked by apps/web/e2e/a11y.e2e.ts). Ratios are
 * against white unless said; antd's defaults it replaces are in brackets.
 */
export const CONSOLE_THEME: ThemeConfig = {
  token: {
    // White on a button 5.4:1, as a link, tab or selected menu item 5.4:1 [#1f9d63: 3.5:1].
    colorPrimary: '#137a4a',
    colorSuccess: '#137a4a',
    colorLink: '#137a4a',
    // The tints antd derives from so dark a green are grey: the member app's green's own tints
    // instead (a selected menu item's text 5.2:1 on its background).
    colorPrimaryBg: '#edfff5',
    colorPrimaryBgHover: '#bcf5d6',
    colorPrimaryBorder: '#8ee8b9',
    colorPrimaryBorderHover: '#63dba1',
    // The same for "success": a success tag's text on its tint 5.2:1 [on the derived grey #afbab3: 2.7:1].
    colorSuccessBg: '#edfff5',
    colorSuccessBgHover: '#bcf5d6',
    colorSuccessBorder: '#8ee8b9',
    colorSuccessBorderHover: '#63dba1',
    // A "processing" tag's text on its tint 5.5:1 [#1677ff: 3.8:1].
    colorInfo: '#0958d9',
    // A danger button's text, and white on a danger button, 5.6:1 [#ff4d4f: 3.3:1].
    colorError: '#cf1322',
    // Secondary text, descriptions' labels, menu group titles: 5.7:1, 5.3:1 on the page's grey
    // [rgba(0, 0, 0, 0.45): 3.4:1].
    colorTextTertiary: '#666666',
    // Placeholders: 4.5:1 [rgba(0, 0, 0, 0.25): 1.8:1].
    colorTextPlaceholder: '#767676',
    // Tags' text on their tints: the next darker shade of each palette that fell short
    // [green 3.4:1, gold 2.8:1, orange 3.3:1, volcano 4.4:1].
    ...seventh('green', '#237804'),
    ...seventh('gold', '#874d00'),
    ...seventh('orange', '#ad4e00'),
    ...seventh('volcano', '#ad2102'),
  },
  components: {
    // A table's "no data" line is text to read, not a disabled control [1.8:1].
    Table: { colorTextDisabled: '#666666' },
  },
};
