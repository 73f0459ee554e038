import { describe, expect, it } from 'vitest';
import { sourceOf } from './market-source';

describe('sourceOf', () => {
  it('names a list simulated when any of its rows is', () => {
    expect(sourceOf([{ source: 'exchange' }, { source: 'simulated' }])).toBe('simulated');
  });

  it('names the exchange when every row with a source came from it', () => {
    expect(sourceOf([{ source: null }, { source: 'exchange' }])).toBe('exchange');
  });

  it('names nothing before the feed delivered', () => {
    expect(sourceOf([{ source: null }])).toBeNull();
    expect(sourceOf([])).toBeNull();
  });
});
