import { registerMessages } from '@/i18n';

export const NS = 'adjustments';

// Its texts, one file per language (locales/<language>.json, docs/architecture.md "Texts and
// languages"): only the current language's is fetched, and the module resolves once it is there.
await registerMessages(NS, import.meta.glob('./locales/*.json', { import: 'default' }));
