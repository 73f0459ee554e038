import type { RenderedShell, ShellData } from './data.ts';
import { shellScript } from './script.ts';

/**
 * Hides the default language's words from another language's reader (not a banner's, which came in
 * theirs); a member's card is not the guest's.
 */
const SHELL_STYLE =
  '.app-shell--blank :is(h1,h2,p,span:not(.entry-grid__icon,.banners__text *),.notice-bar__more){color:transparent}' +
  '.app-shell--member .session-card{visibility:hidden}';

/** The shell's markup: no test ids (tests wait for the app, not its picture), inert until React replaces it. */
export function shellMarkup(markup: string): string {
  return markup
    .replace(/ data-testid="[^"]*"/g, '')
    .replace(/^<div class="app-shell"/, '<div class="app-shell" inert aria-busy="true"');
}

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** Takes Vite's entry script and modulepreload links out of the head: the shell's script adds them after the first paint. */
export function takeEntry(html: string): { html: string; entry: string; entryImports: string[] } {
  const entry = html.match(ENTRY_SCRIPT)?.[1];
  if (!entry) throw new Error('index.html has no entry <script type="module">');
  const entryImports = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  return { html: html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, ''), entry, entryImports };
}

/**
 * The built index.html with the shell in #root, the other frames and the data pages' markup as
 * templates, and the script.
 */
export function injectShell(html: string, shell: RenderedShell, data: ShellData): string {
  if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>');
  if (ENTRY_SCRIPT.test(html)) throw new Error('the entry script must be taken out first (takeEntry)');
  const { home, ...others } = shell.frames;
  if (!home) throw new Error('the shell has no home frame');
  const templates = [...Object.entries(others), ['page', shell.page] as const]
    .map(([name, markup]) => `<template id="shell-${name}">${shellMarkup(markup)}</template>`)
    .join('');
  const fills = Object.entries(shell.fillTemplates)
    .map(([name, markup]) => `<template id="shell-fill-${name}">${shellMarkup(markup)}</template>`)
    .join('');
  // `<` escaped: no "</script>" can end the script early.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  // The app's own formatting, as source text (each self-contained).
  const helpers = Object.entries(shell.helpers)
    .map(([name, source]) => {
      if (/<\/script|<!--/i.test(source)) throw new Error(`the shell's helper ${name} would end the script early`);
      return `${name}:${source}`;
    })
    .join(',');
  const script = `<script>(${shellScript.toString()})(${json},{${helpers}})</script>`;
  return html
    .replace('</head>', `<style>${SHELL_STYLE}</style></head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${shellMarkup(home)}</div>${templates}${fills}${script}`);
}

/**
 * The page's icon as a data URL: a file of its own was one more request in the first round trips of
 * a slow link, beside the ones the first paint and the app need.
 */
export function inlineIcon(html: string, href: string, svg: string): string {
  const link = `<link rel="icon" type="image/svg+xml" href="${href}" />`;
  if (!html.includes(link)) throw new Error(`index.html has no ${link}`);
  return html.replace(
    link,
    () => `<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,${encodeURIComponent(svg.trim())}" />`,
  );
}
