import { describe, expect, it } from 'vitest';
import { addWorkingDays } from '../delivery/delivery-promise';
import { expectedDeliveryWindow } from './delivery-window';

const addBusinessDays = (at: number, days: number) => addWorkingDays(at, days, new Set());
import { FULFILMENT_TRANSITIONS, ORDER_STATUS, ORDER_STATUSES } from './fulfilment';
import { PAYMENT_STATES, PAYMENT_TRANSITIONS, settledPaymentState } from './payment-state';
import { checkTransition, nextStates, ORDER_ACTORS, type OrderActor } from './transitions';

const S = ORDER_STATUS;

/** Every allowed move of the fulfilment machine, as `from → to: actors` (docs/decisions/118). */
const FULFILMENT_ALLOWED: Record<string, readonly OrderActor[]> = {
  [`${S.placed} → ${S.packing}`]: ['admin'],
  [`${S.placed} → ${S.cancelled}`]: ['shopper', 'admin', 'system'],
  [`${S.packing} → ${S.shipped}`]: ['admin'],
  [`${S.packing} → ${S.cancelled}`]: ['shopper', 'admin'],
  [`${S.shipped} → ${S.outForDelivery}`]: ['admin'],
  [`${S.outForDelivery} → ${S.delivered}`]: ['admin'],
  [`${S.placed} → ${S.paymentFailed}`]: ['system'],
  [`${S.paymentFailed} → ${S.placed}`]: ['system'],
  [`${S.paymentFailed} → ${S.cancelled}`]: ['system'],
};

const PAYMENT_ALLOWED: Record<string, readonly OrderActor[]> = {
  'unpaid → paid': ['system', 'admin'],
  'unpaid → failed': ['system'],
  'failed → paid': ['system'],
  'failed → refund_due': ['system'],
  'unpaid → refund_due': ['system'],
  'paid → refund_due': ['shopper', 'admin', 'system'],
  'partially_refunded → refund_due': ['shopper', 'admin', 'system'],
  'refund_due → refunded': ['system', 'admin'],
  'refund_due → partially_refunded': ['system', 'admin'],
};

/** Every pair of states × every actor: allowed exactly when the expected table says so. */
function checkEveryMove<S extends string>(
  states: readonly S[],
  table: Parameters<typeof checkTransition<S>>[0],
  allowed: Record<string, readonly OrderActor[]>,
) {
  for (const from of states)
    for (const to of states)
      for (const actor of ORDER_ACTORS) {
        const verdict = checkTransition(table, from, to, actor);
        const expected = allowed[`${from} → ${to}`];
        if (from === to) expect(verdict).toEqual({ ok: false, reason: 'same' });
        else if (!expected) expect(verdict).toEqual({ ok: false, reason: 'not_a_step' });
        else if (expected.includes(actor))
          expect(verdict, `${from}→${to} ${actor}`).toEqual({ ok: true });
        else expect(verdict, `${from}→${to} ${actor}`).toEqual({ ok: false, reason: 'not_yours' });
      }
}

describe('the fulfilment machine', () => {
  it('allows exactly the listed moves, each only to its actors', () => {
    checkEveryMove(ORDER_STATUSES, FULFILMENT_TRANSITIONS, FULFILMENT_ALLOWED);
  });

  it('offers each actor its next statuses, the way forward first', () => {
    expect(nextStates(FULFILMENT_TRANSITIONS, S.placed, 'admin')).toEqual([S.packing, S.cancelled]);
    expect(nextStates(FULFILMENT_TRANSITIONS, S.packing, 'shopper')).toEqual([S.cancelled]);
    expect(nextStates(FULFILMENT_TRANSITIONS, S.shipped, 'shopper')).toEqual([]);
    expect(nextStates(FULFILMENT_TRANSITIONS, S.delivered, 'admin')).toEqual([]);
    expect(nextStates(FULFILMENT_TRANSITIONS, S.cancelled, 'system')).toEqual([]);
  });
});

describe('the payment machine', () => {
  it('allows exactly the listed moves, each only to its actors', () => {
    checkEveryMove(PAYMENT_STATES, PAYMENT_TRANSITIONS, PAYMENT_ALLOWED);
  });

  it('settles refunds to paid, partially refunded or refunded', () => {
    expect(settledPaymentState(264700, 0)).toBe('paid');
    expect(settledPaymentState(264700, 100)).toBe('partially_refunded');
    expect(settledPaymentState(264700, 264700)).toBe('refunded');
  });
});

describe('the expected delivery window', () => {
  // Monday 2 March 2026, 10:00 in India (04:30 UTC).
  const monday = Date.UTC(2026, 2, 2, 4, 30);
  const day = 24 * 60 * 60_000;

  it('counts business days, skipping Sundays in India', () => {
    expect(addBusinessDays(monday, 5)).toBe(monday + 5 * day); // Saturday
    expect(addBusinessDays(monday, 6)).toBe(monday + 7 * day); // past Sunday to Monday
    // Saturday 23:00 in India is already Sunday's eve: the next business day is Monday.
    const saturdayNight = Date.UTC(2026, 2, 7, 17, 30);
    expect(addBusinessDays(saturdayNight, 1)).toBe(saturdayNight + 2 * day);
  });

  it('is PROCESSING_DAYS + DELIVERY_DAYS business days from placing', () => {
    // min 1 + 3 = 4 business days: Friday; max 2 + 7 = 9 business days: Thursday of next week.
    expect(expectedDeliveryWindow(monday)).toEqual({
      from: monday + 4 * day,
      to: monday + 10 * day,
    });
  });
});
