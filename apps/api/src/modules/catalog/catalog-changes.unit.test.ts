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

  it('names the moved product, and PostgreSQL adds the writing transaction (decision 164)', () => {
    const product = '0b7e2a9c-3f7d-4c1e-9a55-2d8f6c1b4e70';
    const payload = countsPayloadOf({ prices: { from: 1299, to: 999, product }, text: true });
    expect(payload).toBe(`counts:prices:1299>999:${product},text`);
    // announceChange appends `,xid:` and pg_current_xact_id() in SQL.
    expect(countsChangeOf(`${payload},xid:7481`)).toEqual({
      prices: { from: 1299, to: 999, product, xid: '7481' },
      text: true,
    });
    // Without a price move, the transaction changes nothing.
    expect(countsChangeOf('counts:text,xid:7481')).toEqual({ prices: false, text: true });
    expect(countsChangeOf('counts:prices,xid:7481')).toEqual({ prices: true, text: false });
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
      'counts:prices:1299>999:not-a-product',
      'counts:prices:1299>999,xid:-4',
      'counts:prices:1299>999,xid:',
    ])
      expect(countsChangeOf(payload)).toBe('all');
  });
});
