import { type Asset, groupedAmount } from '@minecloud/contract/amount';
import { useCallback } from 'react';
import { displayPlaces } from './display-places';
import { useLocale } from './locale';

/** An asset (its display places) or a number of places. */
export type MoneyPlaces = Asset | number;
export type MoneyValue = string | bigint | null | undefined;

/**
 * An amount as a member reads it: truncated (never rounded) to the asset's places and grouped with
 * the locale's thousands separators (`5,961.50`). For display only: never put it in an input or a
 * request (the grouping is not a number the server or a field reads).
 */
export function moneyText(value: MoneyValue, places: MoneyPlaces, locale: string): string {
  return groupedAmount(value ?? '0', typeof places === 'number' ? places : displayPlaces(places), locale);
}

/** `moneyText` in the interface language: `(value, asset or places = 2) => '5,961.50'`. */
export function useMoneyText(): (value: MoneyValue, places?: MoneyPlaces) => string {
  const locale = useLocale();
  return useCallback((value: MoneyValue, places: MoneyPlaces = 2) => moneyText(value, places, locale), [locale]);
}

/**
 * A decimal text grouped for reading with all its decimals kept (`8641.975237` → `8,641.975237`);
 * text that is not a decimal is returned as it is.
 */
export function groupDecimal(text: string, locale: string): string {
  const match = /^-?\d+(?:\.(\d+))?$/.exec(text);
  return match ? groupedAmount(text, match[1]?.length ?? 0, locale) : text;
}
