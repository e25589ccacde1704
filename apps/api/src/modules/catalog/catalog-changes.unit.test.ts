import { describe, expect, it } from 'vitest';
import { countsChangeOf, countsPayloadOf, type CountsChange } from './catalog.service';

// What a product write announces on `catalog_changed`, and what every process reads from it
// (docs/decisions/155, 161).
describe('the counts part of a product change’s NOTIFY payload', () => {
  it('carries each kind of change to the processes that hear it', () => {
    const changes: CountsChange[] = [
      { prices: true, text: false },
      { prices: false, text: true },
      { prices: { from: 1299, to: 999 }, text: false },
      { prices: { from: 500, to: 1500 }, text: true },
      { prices: false, text: false },
    ];
    for (const change of changes) expect(countsChangeOf(countsPayloadOf(change))).toEqual(change);
    expect(countsPayloadOf({ prices: { from: 1299, to: 999 }, text: true })).toBe(
      'counts:prices:1299>999,text',
    );
  });

  it('takes a payload it does not understand, or none, as a change to everything', () => {
    expect(countsPayloadOf('all')).toBeUndefined();
    for (const payload of [
      undefined,
      '',
      'stock',
      'counts:category',
      'counts:prices:12.5>9',
      'counts:prices:-1>9',
      'counts:prices:1299>',
      'counts:prices:1299>999>5',
    ])
      expect(countsChangeOf(payload)).toBe('all');
  });
});
