import { describe, expect, it } from 'vitest';
import { makeProduct } from '@/test-fixtures';
import { cartLines, mrpTotalsOf } from './cart-lines';

const withMrp = makeProduct({ _id: 'p1', name: 'Linen Shirt', price: 1499, mrp: 2306 });
const noMrp = makeProduct({ _id: 'p2', name: 'Owner’s Tee', price: 799, mrp: null });
const mrpAtPrice = makeProduct({ _id: 'p3', name: 'Plain Chinos', price: 1999, mrp: 1999 });
const products = [withMrp, noMrp, mrpAtPrice];

describe('mrpTotalsOf', () => {
  it('adds MRP × quantity, counting a line without an MRP at its price', () => {
    const lines = cartLines({ p1: { M: 2 }, p2: { L: 1 }, p3: { '32': 1 } }, products);
    // 2306 × 2 + 799 + 1999 = 7410; subtotal 1499 × 2 + 799 + 1999 = 5796; 7410 − 5796 = 1614.
    expect(mrpTotalsOf(lines)).toEqual({ totalMrp: 7410, discount: 1614 });
  });

  it('is null when no line has an MRP above its price: no MRP lines are shown', () => {
    expect(mrpTotalsOf(cartLines({ p2: { L: 3 }, p3: { '32': 1 } }, products))).toBeNull();
    expect(mrpTotalsOf([])).toBeNull();
  });
});
