import { isSettingKey, type SettingKey } from '@minecloud/contract/settings';
import { registerMessages } from '@/i18n';
import type settingTexts from '../locales/settings/en.json';

/** Names and meanings of the settings (@minecloud/contract/settings), keyed by setting key: every key has one. */
export const SETTINGS_NS = 'configSettings';

/** The groups of the editor, in order; a key belongs to the group named by its first part. */
export const SETTING_GROUPS = [
  'gold',
  'transfer',
  'donation',
  'mining',
  'settlement',
  'equity',
  'team',
  'pool',
  'withdraw',
  'ledger',
  'market',
  'chain',
  'config',
  'support',
] as const;

/**
 * Every setting has a label and a help text in the console's texts (locales/settings/<language>.json,
 * keys `label.<key>` and `help.<key>`): a setting without them does not compile
 * (settings-coverage.test.ts in the contract).
 */
type Labelled<Texts> = {
  [K in keyof Texts as K extends `label.${infer Key}`
    ? `help.${Key}` extends keyof Texts
      ? Key
      : never
    : never]: string;
};
export type SettingsLabelled<Texts extends Record<SettingKey, string> = Labelled<typeof settingTexts>> = Texts;

await registerMessages(SETTINGS_NS, import.meta.glob('../locales/settings/*.json', { import: 'default' }));

/** Whether the console has a name for `key` (the server may know settings this build does not). */
export function hasLabel(key: string): boolean {
  return isSettingKey(key);
}

export function groupOf(key: string): string {
  const prefix = key.split('.')[0] ?? '';
  return (SETTING_GROUPS as readonly string[]).includes(prefix) ? prefix : 'other';
}
