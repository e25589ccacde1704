import { describe, expect, it } from 'vitest';
import { STOCK_MESSAGES, STOCK_MOVEMENT_REASONS } from '@vastra/shared/schemas/stock';
import {
  actorInWords,
  compactStock,
  inShopOrder,
  reasonInWords,
  signed,
  sizeLines,
  sizeRefusedBelowHeld,
} from './stock-words';

const row = (onHand: number, held: number) => ({ onHand, held, available: onHand - held });

describe('stock in words', () => {
  it('a product’s sizes in its own order, a size without a row as sold out', () => {
    const lines = sizeLines(['S', 'M', 'L'], { S: row(12, 0), M: row(3, 3) });
    expect(lines).toEqual([
      { size: 'S', available: 12, held: 0, soldOut: false },
      { size: 'M', available: 0, held: 3, soldOut: true },
      { size: 'L', available: 0, held: 0, soldOut: true },
    ]);
    expect(compactStock(lines)).toBe('S 12 · M 0 · L 0');
  });

  it('sizes in the shop’s order: tops, then waists', () => {
    expect(inShopOrder(['32', 'L', 'S', '28'])).toEqual(['S', 'L', '28', '32']);
  });

  it('every ledger reason has words, and who did it', () => {
    for (const reason of STOCK_MOVEMENT_REASONS) expect(reasonInWords(reason)).toMatch(/^[A-Z]/);
    expect(reasonInWords('order_held')).toBe('Held for an unpaid order');
    expect(actorInWords('owner@vastra.example.com')).toBe('owner@vastra.example.com');
    expect(actorInWords('shopper')).toBe('Shopper');
    expect(actorInWords('system')).toBe('Shop (automatic)');
  });

  it('changes are signed with a true minus, none is a dash', () => {
    expect([signed(12), signed(-1), signed(0)]).toEqual(['+12', '−1', '—']);
  });

  it('finds the size a belowHeld refusal names, with the shared message, waist sizes too', () => {
    expect(sizeRefusedBelowHeld(STOCK_MESSAGES.belowHeld('M', 3), ['S', 'M'])).toBe('M');
    expect(sizeRefusedBelowHeld(STOCK_MESSAGES.belowHeld('32', 28), ['28', '32'])).toBe('32');
    expect(sizeRefusedBelowHeld(STOCK_MESSAGES.belowHeld('L', 1), ['S', 'M'])).toBeNull();
    expect(sizeRefusedBelowHeld('Product not found', ['S'])).toBeNull();
  });
});
