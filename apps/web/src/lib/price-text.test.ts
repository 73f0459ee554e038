import { describe, expect, it } from 'vitest';
import { changeDirection, changeText, groupThousands, pricePlaces, priceText, volumeText } from './price-text';

describe('priceText', () => {
  it('truncates a price of 1 USDT and more to 2 places, never rounding up', () => {
    expect(priceText('97123.459')).toBe('97,123.45');
    expect(priceText('3456.999')).toBe('3,456.99');
    expect(priceText('1.005')).toBe('1.00');
    expect(priceText('1234567')).toBe('1,234,567.00');
  });

  it('keeps four significant digits below 1 USDT, truncated', () => {
    expect(priceText('0.24129')).toBe('0.2412');
    expect(priceText('0.0000123456')).toBe('0.00001234');
    expect(priceText('0.5')).toBe('0.5000');
  });

  it('shows -- before the feed has a price, or for an unreadable one', () => {
    expect(priceText(null)).toBe('--');
    expect(priceText(undefined)).toBe('--');
    expect(priceText('abc')).toBe('--');
  });

  it('reads the places from the digits', () => {
    expect(pricePlaces('65000')).toBe(2);
    expect(pricePlaces('0.98')).toBe(4);
    expect(pricePlaces('0.0098')).toBe(6);
    expect(pricePlaces('0.000000001')).toBe(8);
  });
});

describe('groupThousands', () => {
  it('groups the whole part only and keeps the sign', () => {
    expect(groupThousands('-1234567.891')).toBe('-1,234,567.891');
    expect(groupThousands('999')).toBe('999');
  });
});

describe('changeText', () => {
  it('signs a rise and a fall and truncates to 2 places', () => {
    expect(changeText('1.259')).toBe('+1.25%');
    expect(changeText('-2.999')).toBe('-2.99%');
  });

  it('keeps the sign of a fall too small to show', () => {
    expect(changeText('-0.004')).toBe('-0.00%');
    expect(changeDirection('-0.004')).toBe('down');
  });

  it('shows no sign for no change, and -- for none yet', () => {
    expect(changeText('0')).toBe('0.00%');
    expect(changeText('-0.000')).toBe('0.00%');
    expect(changeDirection('-0.000')).toBe('flat');
    expect(changeText(null)).toBe('--');
    expect(changeDirection(null)).toBeNull();
  });
});

describe('volumeText', () => {
  it('shortens large volumes with K, M and B, truncating', () => {
    expect(volumeText('18234567.5')).toBe('18.23M');
    expect(volumeText('999999999.99')).toBe('999.99M');
    expect(volumeText('1000000000')).toBe('1.00B');
    expect(volumeText('1234.56')).toBe('1.23K');
    expect(volumeText('1234567890123')).toBe('1,234.56B');
  });

  it('keeps small volumes as they are, to 2 places', () => {
    expect(volumeText('999.999')).toBe('999.99');
    expect(volumeText('0.5')).toBe('0.50');
    expect(volumeText(null)).toBe('--');
  });
});
