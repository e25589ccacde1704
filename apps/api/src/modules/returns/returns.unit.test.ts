import { describe, expect, it } from 'vitest';
import type { ReturnRequestRow } from '../../db/schema/after-sale';
import type { OrderRow } from '../../db/schema/orders';
import { AppError } from '../../lib/app-error';
import { returnMail } from './return-mail';
import { planReturn } from './return-plan';
import { returnWindowEndsAt, unitsInReturns } from './returnable';
import { adminMoveRefusal, adminNextStates } from './returns.service';

const DAY = 24 * 60 * 60_000;
const NOW = new Date('2026-03-10T12:00:00Z');

const item = (id: string, price: number, quantity: number) => ({
  _id: id,
  name: `Shirt ${id}`,
  image: [`/uploads/${id}.webp`],
  price,
  category: 'SHIRTS',
  subCategory: 'SNITCH',
  size: 'M',
  quantity,
});

/** 999 × 2, 1299 × 1, 499 × 3, delivery 49, 484 off (10 %), delivered a day ago. */
const order = {
  id: 'order-1',
  orderNumber: 100123,
  status: 'Delivered',
  deliveredAt: new Date(NOW.getTime() - DAY),
  items: [item('a', 999, 2), item('b', 1299, 1), item('c', 499, 3)],
  deliveryFee: 49,
  discount: 484,
} as unknown as OrderRow;

const request = (
  kind: 'refund' | 'exchange',
  lines: [id: string, quantity: number][],
  state = 'requested',
) =>
  ({
    kind,
    state,
    lines: lines.map(([productId, quantity]) => ({ productId, size: 'M', quantity })),
  }) as unknown as ReturnRequestRow;

const plan = (
  lines: { productId: string; size?: string; quantity: number; exchangeSize?: string | null }[],
  kind: 'refund' | 'exchange' = 'refund',
  returns: ReturnRequestRow[] = [],
  at = NOW,
) =>
  planReturn({
    order,
    returns,
    kind,
    lines: lines.map((l) => ({ size: 'M', ...l })),
    now: at,
  });

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return [error.type, error.message];
    throw error;
  }
  return null;
};

describe('planReturn', () => {
  it('gives each line its paid share after the coupon, cumulatively over earlier refunds', () => {
    expect(plan([{ productId: 'a', quantity: 2 }]).map((l) => l.refundPaise)).toEqual([179_833]);
    expect(plan([{ productId: 'c', quantity: 1 }]).map((l) => l.refundPaise)).toEqual([44_913]);
    // One unit of a refunded before: the second gets the rest of the line's share.
    const after = plan([{ productId: 'a', quantity: 1 }], 'refund', [
      request('refund', [['a', 1]]),
    ]);
    expect(after[0]?.refundPaise).toBe(179_833 - 89_916);
    // An exchange of a unit before does not count as refunded money.
    const afterExchange = plan([{ productId: 'a', quantity: 1 }], 'refund', [
      request('exchange', [['a', 1]]),
    ]);
    expect(afterExchange[0]?.refundPaise).toBe(89_916);
  });

  it('snapshots the line for the screens; an exchange refunds nothing', () => {
    expect(plan([{ productId: 'b', quantity: 1, exchangeSize: 'L' }], 'exchange')).toEqual([
      {
        productId: 'b',
        size: 'M',
        quantity: 1,
        exchangeSize: 'L',
        name: 'Shirt b',
        image: '/uploads/b.webp',
        refundPaise: 0,
      },
    ]);
  });

  it('refuses what the order does not allow, with the plain message', () => {
    expect(
      refusal(() =>
        plan([{ productId: 'a', quantity: 1 }], 'refund', [], new Date(NOW.getTime() + 7 * DAY)),
      ),
    ).toEqual(['conflict', 'The 7-day return window for this order has ended']);
    expect(
      refusal(() =>
        planReturn({
          order: { ...order, status: 'Shipped' },
          returns: [],
          kind: 'refund',
          lines: [{ productId: 'a', size: 'M', quantity: 1 }],
          now: NOW,
        }),
      ),
    ).toEqual(['conflict', 'Items can be returned or exchanged only after the order is delivered']);
    expect(refusal(() => plan([{ productId: 'z', quantity: 1 }]))).toEqual([
      'invalid_data',
      'That item is not part of this order',
    ]);
    expect(refusal(() => plan([{ productId: 'a', quantity: 3 }]))).toEqual([
      'conflict',
      'You can return at most 2 of Shirt a',
    ]);
    expect(
      refusal(() =>
        plan([{ productId: 'b', quantity: 1 }], 'refund', [request('exchange', [['b', 1]])]),
      ),
    ).toEqual(['conflict', 'Shirt b has already been returned or has a return in progress']);
    expect(refusal(() => plan([{ productId: 'b', quantity: 1 }], 'exchange'))).toEqual([
      'invalid_data',
      'Please choose the new size for each item to exchange',
    ]);
    expect(
      refusal(() => plan([{ productId: 'b', quantity: 1, exchangeSize: 'M' }], 'exchange')),
    ).toEqual(['invalid_data', 'Please choose a size other than the one you have']);
  });

  it('lets a rejected request’s units be asked for again', () => {
    expect(
      plan([{ productId: 'b', quantity: 1 }], 'refund', [
        request('refund', [['b', 1]], 'rejected'),
      ]),
    ).toHaveLength(1);
    expect(unitsInReturns([request('refund', [['b', 1]], 'rejected')]).size).toBe(0);
  });
});

describe('the return window', () => {
  it('ends RETURN_WINDOW_DAYS after delivery and does not exist before', () => {
    expect(returnWindowEndsAt({ deliveredAt: NOW })?.getTime()).toBe(NOW.getTime() + 7 * DAY);
    expect(returnWindowEndsAt({ deliveredAt: null })).toBeNull();
  });
});

describe('the admin’s steps', () => {
  it('offers only the steps of the request’s kind', () => {
    expect(adminNextStates({ kind: 'refund', state: 'requested' })).toEqual([
      'approved',
      'rejected',
    ]);
    expect(adminNextStates({ kind: 'refund', state: 'received' })).toEqual([]);
    expect(adminNextStates({ kind: 'exchange', state: 'received' })).toEqual(['exchange_shipped']);
    expect(adminNextStates({ kind: 'exchange', state: 'exchange_delivered' })).toEqual([]);
    expect(
      adminMoveRefusal({ kind: 'exchange', state: 'received' }, 'exchange_shipped'),
    ).toBeNull();
    expect(adminMoveRefusal({ kind: 'exchange', state: 'received' }, 'refunded')).toBe(
      'An exchange request cannot go from received to refunded; next allowed: exchange shipped',
    );
  });
});

describe('returnMail', () => {
  it('goes to the account, names the order number and escapes the HTML', () => {
    const mail = returnMail(
      'rejected',
      {
        ...request('refund', [['a', 1]]),
        lines: [
          {
            productId: 'a',
            size: 'M',
            quantity: 1,
            exchangeSize: null,
            name: '<b>Tee</b>',
            image: null,
            refundPaise: 1,
          },
        ],
        adminNote: 'Worn & washed',
        refundPaise: 1,
      } as ReturnRequestRow,
      order,
      { name: 'Asha', email: 'asha@example.com' },
    );
    expect(mail).toMatchObject({
      to: 'asha@example.com',
      subject: 'Vastra: order #100123, return not accepted',
    });
    expect(mail.text).toContain('Reason: Worn & washed');
    expect(mail.html).toContain('&#60;b&#62;Tee&#60;/b&#62;');
    expect(mail.html).not.toContain('<b>Tee');
  });
});
