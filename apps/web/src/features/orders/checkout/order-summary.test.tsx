import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { orderTotals } from '@vastra/shared/pricing/coupons';
import { cartLines } from '@/lib/cart/cart-lines';
import { makeProduct } from '@/test-fixtures';
import { OrderSummary } from './order-summary';

afterEach(cleanup);

const shirt = makeProduct({ _id: 'p1', name: 'Linen Shirt', price: 1499, mrp: 2306 });
const tee = makeProduct({ _id: 'p2', name: 'Owner’s Tee', price: 800, mrp: null });

function renderSummary(cart: Record<string, Record<string, number>>, percent?: number) {
  const lines = cartLines(cart, [shirt, tee]);
  const coupon = percent ? { code: 'FESTIVE10', kind: 'percent' as const, percent } : null;
  const totals = orderTotals(
    lines.map((l) => ({ unitPrice: l.product.price, quantity: l.quantity })),
    coupon,
  );
  render(<OrderSummary lines={lines} totals={totals} />);
}

const text = (id: string) => screen.getByTestId(id).textContent;
const labels = () => [...document.querySelectorAll('dt')].map((dt) => dt.textContent);

describe('<OrderSummary>', () => {
  it('MRP lines first, the coupon after delivery, and "You save" the MRP discount plus the coupon', () => {
    renderSummary({ p1: { M: 1 }, p2: { L: 1 } }, 10);
    // MRP 2306 + tee at its price 800 = 3106; subtotal 1499 + 800 = 2299: 807 off the MRP.
    expect(text('summary-total-mrp')).toBe('₹3,106');
    expect(text('summary-mrp-discount')).toBe('−₹807');
    expect(text('summary-subtotal')).toBe('₹2,299');
    // Coupon: floor(10 % × (2299 + 49)) = 234; total 2299 + 49 − 234 = 2114.
    expect(text('summary-discount')).toBe('−₹234');
    expect(text('summary-total')).toBe('₹2,114');
    expect(text('summary-you-save')).toBe('You save ₹1,041');
    expect(labels()).toEqual([
      'Total MRP',
      'Discount on MRP',
      'Subtotal',
      'Delivery Fee',
      'Discount (FESTIVE10)',
      'Total',
    ]);
  });

  it('no MRP lines for products without an MRP; "You save" is the coupon alone', () => {
    renderSummary({ p2: { L: 2 } }, 10);
    expect(screen.queryByTestId('summary-total-mrp')).toBeNull();
    expect(screen.queryByTestId('summary-mrp-discount')).toBeNull();
    // floor(10 % × (1600 + 49)) = 164.
    expect(text('summary-you-save')).toBe('You save ₹164');
  });

  it('says nothing of saving when there is none', () => {
    renderSummary({ p2: { L: 1 } });
    expect(labels()).toEqual(['Subtotal', 'Delivery Fee', 'Total']);
    expect(screen.queryByTestId('summary-you-save')).toBeNull();
  });
});
