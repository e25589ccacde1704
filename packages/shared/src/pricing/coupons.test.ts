import { describe, expect, it } from 'vitest';
import { DELIVERY_FEE, FREE_DELIVERY_COUPON } from '../constants';
import type { PricedLine } from './cart-totals';
import {
  checkCoupon,
  COUPON_MESSAGES,
  couponDescription,
  normalizeCouponCode,
  orderTotals,
  PERCENT_COUPON,
  SEED_COUPONS,
  type CouponContext,
  type CouponDefinition,
  type OrderTotals,
} from './coupons';

const seed = (code: string): CouponDefinition => {
  const found = SEED_COUPONS.find((c) => c.code === code);
  if (!found) throw new Error(`no seed coupon ${code}`);
  return found;
};
const VASTRA10 = seed('VASTRA10');
const ASR10 = seed('ASR10');
const FREEDEL = seed('FREEDEL');

const context = (overrides: Partial<CouponContext> = {}): CouponContext => ({
  coupons: SEED_COUPONS,
  subtotal: 6000,
  earlierOrders: 0,
  redeemedCodes: [],
  applied: null,
  ...overrides,
});

describe('the messages word for word (docs/product.md §8)', () => {
  it.each([
    [COUPON_MESSAGES.enterCode, 'Please enter a coupon code'],
    [COUPON_MESSAGES.invalid, 'Invalid coupon code'],
    [COUPON_MESSAGES.applied, 'Coupon applied successfully!'],
    [COUPON_MESSAGES.freeDeliveryApplied, 'Free delivery applied successfully!'],
    [COUPON_MESSAGES.removed, 'Coupon removed'],
    [COUPON_MESSAGES.removeFreeDeliveryFirst, 'Please remove free delivery coupon first'],
    [COUPON_MESSAGES.removePercentFirst(10), 'Please remove the 10% discount coupon first'],
    [COUPON_MESSAGES.minimum(VASTRA10), 'Minimum order value of ₹5000 required for this coupon'],
    [COUPON_MESSAGES.minimum(FREEDEL), 'Minimum order value of ₹2000 required for free delivery'],
    [
      COUPON_MESSAGES.alreadyUsed('free_delivery'),
      'You have already used the free delivery coupon',
    ],
    [
      COUPON_MESSAGES.earlierOrders({ kind: 'free_delivery', maxEarlierOrders: 2 }),
      'Free delivery coupon is only valid for first 2 orders',
    ],
    [
      COUPON_MESSAGES.freeDeliveryWithdrawn(2),
      'Free delivery coupon removed as you have more than 2 orders',
    ],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('the seeded coupons (docs/architecture.md §4.1)', () => {
  it('VASTRA10, ASR10 and FREEDEL, from the shared constants', () => {
    expect(SEED_COUPONS.map((c) => c.code)).toEqual(['VASTRA10', 'ASR10', 'FREEDEL']);
    expect(VASTRA10).toMatchObject({
      kind: 'percent',
      percent: 10,
      minSubtotal: 5000,
      hidden: false,
    });
    expect(VASTRA10.minSubtotal).toBe(PERCENT_COUPON.minSubtotal);
    expect(ASR10).toMatchObject({ kind: 'percent', percent: 10, minSubtotal: 0, hidden: true });
    expect(FREEDEL).toMatchObject({
      kind: 'free_delivery',
      minSubtotal: FREE_DELIVERY_COUPON.minSubtotal,
      maxEarlierOrders: FREE_DELIVERY_COUPON.maxEarlierOrders,
      oncePerAccount: true,
      hidden: false,
    });
    for (const c of SEED_COUPONS) {
      expect(c.active).toBe(true);
      expect(normalizeCouponCode(c.code)).toBe(c.code);
    }
  });

  it.each([
    [VASTRA10, '10% off on orders of ₹5,000 or more'],
    [ASR10, '10% off'],
    [
      FREEDEL,
      'Free delivery on orders of ₹2,000 or more for your first 2 orders, once per account',
    ],
  ])('describes %o from its own numbers', (coupon, text) => {
    expect(couponDescription(coupon)).toBe(text);
  });
});

describe('checkCoupon', () => {
  type Row = [
    string,
    string,
    Partial<CouponContext>,
    { ok: boolean; message: string; code?: string },
  ];
  it.each<Row>([
    // Empty and unknown codes.
    ['empty', '', {}, { ok: false, message: 'Please enter a coupon code' }],
    ['spaces only', '   ', {}, { ok: false, message: 'Please enter a coupon code' }],
    ['unknown', 'SAVE50', {}, { ok: false, message: 'Invalid coupon code' }],
    ['a near miss', 'VASTRA1', {}, { ok: false, message: 'Invalid coupon code' }],
    [
      'inactive',
      'VASTRA10',
      { coupons: SEED_COUPONS.map((c) => ({ ...c, active: c.code !== 'VASTRA10' })) },
      { ok: false, message: 'Invalid coupon code' },
    ],
    // Upper-cased and trimmed.
    [
      'lower case',
      'vastra10',
      {},
      { ok: true, message: 'Coupon applied successfully!', code: 'VASTRA10' },
    ],
    [
      'mixed case, padded',
      '  FreeDel ',
      {},
      { ok: true, message: 'Free delivery applied successfully!', code: 'FREEDEL' },
    ],
    // VASTRA10's minimum, at the boundary.
    [
      'VASTRA10 at ₹4999',
      'VASTRA10',
      { subtotal: 4999 },
      { ok: false, message: 'Minimum order value of ₹5000 required for this coupon' },
    ],
    [
      'VASTRA10 at ₹5000',
      'VASTRA10',
      { subtotal: 5000 },
      { ok: true, message: 'Coupon applied successfully!', code: 'VASTRA10' },
    ],
    [
      'VASTRA10 at ₹0',
      'VASTRA10',
      { subtotal: 0 },
      { ok: false, message: 'Minimum order value of ₹5000 required for this coupon' },
    ],
    // ASR10: hidden, still works, no minimum.
    [
      'ASR10 at ₹1',
      'asr10',
      { subtotal: 1 },
      { ok: true, message: 'Coupon applied successfully!', code: 'ASR10' },
    ],
    // FREEDEL's minimum, at the boundary.
    [
      'FREEDEL at ₹1999',
      'FREEDEL',
      { subtotal: 1999 },
      { ok: false, message: 'Minimum order value of ₹2000 required for free delivery' },
    ],
    [
      'FREEDEL at ₹2000',
      'FREEDEL',
      { subtotal: 2000 },
      { ok: true, message: 'Free delivery applied successfully!', code: 'FREEDEL' },
    ],
    // FREEDEL and earlier orders: fewer than 2.
    [
      'FREEDEL with 1 earlier order',
      'FREEDEL',
      { earlierOrders: 1 },
      { ok: true, message: 'Free delivery applied successfully!', code: 'FREEDEL' },
    ],
    [
      'FREEDEL with 2 earlier orders',
      'FREEDEL',
      { earlierOrders: 2 },
      { ok: false, message: 'Free delivery coupon is only valid for first 2 orders' },
    ],
    [
      'FREEDEL with 7 earlier orders',
      'FREEDEL',
      { earlierOrders: 7 },
      { ok: false, message: 'Free delivery coupon is only valid for first 2 orders' },
    ],
    // Once per account.
    [
      'FREEDEL used before',
      'FREEDEL',
      { redeemedCodes: ['FREEDEL'] },
      { ok: false, message: 'You have already used the free delivery coupon' },
    ],
    [
      'a redeemed VASTRA10 may be used again',
      'VASTRA10',
      { redeemedCodes: ['VASTRA10'] },
      { ok: true, message: 'Coupon applied successfully!', code: 'VASTRA10' },
    ],
    // Used-before and order limits are said before the minimum: more shopping would not help.
    [
      'FREEDEL used before, below the minimum',
      'FREEDEL',
      { redeemedCodes: ['FREEDEL'], subtotal: 100 },
      { ok: false, message: 'You have already used the free delivery coupon' },
    ],
    [
      'FREEDEL after 2 orders, below the minimum',
      'FREEDEL',
      { earlierOrders: 2, subtotal: 100 },
      { ok: false, message: 'Free delivery coupon is only valid for first 2 orders' },
    ],
    // Mutual exclusion, given the applied coupon.
    [
      'FREEDEL while VASTRA10 is applied',
      'FREEDEL',
      { applied: 'VASTRA10' },
      { ok: false, message: 'Please remove the 10% discount coupon first' },
    ],
    [
      'FREEDEL while ASR10 is applied',
      'FREEDEL',
      { applied: 'asr10' },
      { ok: false, message: 'Please remove the 10% discount coupon first' },
    ],
    [
      'VASTRA10 while FREEDEL is applied',
      'VASTRA10',
      { applied: 'FREEDEL' },
      { ok: false, message: 'Please remove free delivery coupon first' },
    ],
    [
      'ASR10 while FREEDEL is applied',
      'ASR10',
      { applied: 'FREEDEL' },
      { ok: false, message: 'Please remove free delivery coupon first' },
    ],
    [
      'exclusion comes before the minimum',
      'VASTRA10',
      { applied: 'FREEDEL', subtotal: 10 },
      { ok: false, message: 'Please remove free delivery coupon first' },
    ],
    // Switching within a kind replaces; the same code again is fine; a stale applied code is no coupon.
    [
      'ASR10 replaces VASTRA10',
      'ASR10',
      { applied: 'VASTRA10' },
      { ok: true, message: 'Coupon applied successfully!', code: 'ASR10' },
    ],
    [
      'VASTRA10 replaces ASR10',
      'VASTRA10',
      { applied: 'ASR10' },
      { ok: true, message: 'Coupon applied successfully!', code: 'VASTRA10' },
    ],
    [
      'FREEDEL again',
      'FREEDEL',
      { applied: 'FREEDEL' },
      { ok: true, message: 'Free delivery applied successfully!', code: 'FREEDEL' },
    ],
    [
      'an unknown applied code is ignored',
      'FREEDEL',
      { applied: 'NOPE' },
      { ok: true, message: 'Free delivery applied successfully!', code: 'FREEDEL' },
    ],
  ])('%s', (_name, code, overrides, expected) => {
    const result = checkCoupon(code, context(overrides));
    expect(result.ok).toBe(expected.ok);
    expect(result.message).toBe(expected.message);
    if (result.ok) expect(result.coupon.code).toBe(expected.code);
  });

  it('a coupon the shop adds as a row follows the same rules', () => {
    const WELCOME: CouponDefinition = {
      code: 'WELCOME15',
      kind: 'percent',
      percent: 15,
      minSubtotal: 1000,
      maxEarlierOrders: 1,
      oncePerAccount: true,
      hidden: false,
      active: true,
    };
    const coupons = [...SEED_COUPONS, WELCOME];
    expect(checkCoupon('welcome15', context({ coupons, subtotal: 1000 })).ok).toBe(true);
    expect(checkCoupon('WELCOME15', context({ coupons, subtotal: 999 })).message).toBe(
      'Minimum order value of ₹1000 required for this coupon',
    );
    expect(checkCoupon('WELCOME15', context({ coupons, earlierOrders: 1 })).message).toBe(
      'This coupon is only valid for first 1 orders',
    );
    expect(
      checkCoupon('WELCOME15', context({ coupons, redeemedCodes: ['WELCOME15'] })).message,
    ).toBe('You have already used this coupon');
    expect(checkCoupon('FREEDEL', context({ coupons, applied: 'WELCOME15' })).message).toBe(
      'Please remove the 15% discount coupon first',
    );
  });
});

const line = (unitPrice: number, quantity: number): PricedLine => ({ unitPrice, quantity });
type Totals = Omit<OrderTotals, 'itemCount'>;

describe('orderTotals (docs/architecture.md §4.2)', () => {
  it.each<[string, PricedLine[], CouponDefinition | null, Totals]>([
    [
      'no coupon',
      [line(999, 2)],
      null,
      { subtotal: 1998, deliveryFee: 49, discount: 0, total: 2047, coupon: null },
    ],
    [
      'empty cart, no coupon',
      [],
      null,
      { subtotal: 0, deliveryFee: 0, discount: 0, total: 0, coupon: null },
    ],
    [
      'empty cart with a percent coupon',
      [],
      ASR10,
      { subtotal: 0, deliveryFee: 0, discount: 0, total: 0, coupon: null },
    ],
    [
      'empty cart with free delivery',
      [line(500, 0)],
      FREEDEL,
      { subtotal: 0, deliveryFee: 0, discount: 0, total: 0, coupon: null },
    ],
    // 10 % of subtotal + fee: (5000 + 49) × 10 % = 504.9 → 504.
    [
      'VASTRA10 at ₹5000 rounds down',
      [line(2500, 2)],
      VASTRA10,
      { subtotal: 5000, deliveryFee: 49, discount: 504, total: 4545, coupon: 'VASTRA10' },
    ],
    // (951 + 49) × 10 % = 100 exactly.
    [
      'an exact tenth',
      [line(951, 1)],
      ASR10,
      { subtotal: 951, deliveryFee: 49, discount: 100, total: 900, coupon: 'ASR10' },
    ],
    // (1 + 49) × 10 % = 5.
    [
      'the smallest cart',
      [line(1, 1)],
      ASR10,
      { subtotal: 1, deliveryFee: 49, discount: 5, total: 45, coupon: 'ASR10' },
    ],
    // (959 + 49) × 10 % = 100.8 → 100: never rounded up.
    [
      '.8 still rounds down',
      [line(959, 1)],
      ASR10,
      { subtotal: 959, deliveryFee: 49, discount: 100, total: 908, coupon: 'ASR10' },
    ],
    [
      'free delivery drops the fee',
      [line(1000, 2)],
      FREEDEL,
      { subtotal: 2000, deliveryFee: 0, discount: 0, total: 2000, coupon: 'FREEDEL' },
    ],
    [
      'the largest cart the limits allow',
      Array.from({ length: 20 }, () => line(1_00_000, 10)),
      VASTRA10,
      {
        subtotal: 2_00_00_000,
        deliveryFee: 49,
        discount: 20_00_004,
        total: 1_80_00_045,
        coupon: 'VASTRA10',
      },
    ],
  ])('%s', (_name, lines, coupon, expected) => {
    const totals = orderTotals(lines, coupon);
    expect(totals).toMatchObject(expected);
    expect(totals.total).toBe(totals.subtotal + totals.deliveryFee - totals.discount);
  });

  it('uses DELIVERY_FEE by default and a configured fee when given', () => {
    expect(orderTotals([line(100, 1)]).deliveryFee).toBe(DELIVERY_FEE);
    expect(orderTotals([line(100, 1)], ASR10, { deliveryFee: 79 })).toMatchObject({
      deliveryFee: 79,
      discount: 17,
      total: 162,
    });
  });

  it('switching coupons on the same cart changes only what the coupon changes', () => {
    const lines = [line(3000, 2)];
    const none = orderTotals(lines);
    const percent = orderTotals(lines, VASTRA10);
    const free = orderTotals(lines, FREEDEL);
    expect(none).toMatchObject({ subtotal: 6000, deliveryFee: 49, discount: 0, total: 6049 });
    expect(percent).toMatchObject({ subtotal: 6000, deliveryFee: 49, discount: 604, total: 5445 });
    expect(free).toMatchObject({ subtotal: 6000, deliveryFee: 0, discount: 0, total: 6000 });
    expect(orderTotals(lines, ASR10)).toEqual({ ...percent, coupon: 'ASR10' });
  });

  it('refuses a percent outside 0–100', () => {
    expect(() =>
      orderTotals([line(100, 1)], { code: 'BAD', kind: 'percent', percent: 150 }),
    ).toThrow(RangeError);
    expect(() =>
      orderTotals([line(100, 1)], { code: 'BAD', kind: 'percent', percent: 2.5 }),
    ).toThrow(RangeError);
  });
});
