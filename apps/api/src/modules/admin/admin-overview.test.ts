import { describe, expect, it } from 'vitest';
import { adminOverviewResponseSchema } from '@vastra/shared/schemas/admin';
import { ORDER_STATUS } from '@vastra/shared/schemas/order';
import { manualClock } from '../../lib/clock';
import { useTestApp } from '../../test/use-test-app';
import { indiaPeriodStarts } from '../orders/india-time';
import { insertOrder, loggedInAdmin } from '../../test/fixtures';

describe('indiaPeriodStarts (Asia/Kolkata, UTC+05:30, weeks from Monday)', () => {
  it.each([
    // Thursday 01:30 in India, still Wednesday in UTC.
    ['2026-11-25T20:00:00Z', '2026-11-25T18:30:00Z', '2026-11-22T18:30:00Z'],
    // Sunday 23:59:59 in India: the week began the Monday before.
    ['2026-11-22T18:29:59Z', '2026-11-21T18:30:00Z', '2026-11-15T18:30:00Z'],
    // Monday 00:00 in India: a new day and a new week.
    ['2026-11-22T18:30:00Z', '2026-11-22T18:30:00Z', '2026-11-22T18:30:00Z'],
    // Across a year end.
    ['2026-12-31T19:00:00Z', '2026-12-31T18:30:00Z', '2026-12-27T18:30:00Z'],
  ])('at %s today began %s and the week %s', (now, today, week) => {
    const starts = indiaPeriodStarts(new Date(now));
    expect(starts.today.toISOString()).toBe(new Date(today).toISOString());
    expect(starts.week.toISOString()).toBe(new Date(week).toISOString());
  });
});

describe('GET /api/admin/overview', () => {
  const t = useTestApp({
    reset: false,
    // Thursday 26 November 2026, 01:30 in India.
    deps: { clock: manualClock(new Date('2026-11-25T20:00:00Z')) },
  });

  it('counts orders and paid revenue for India’s today and this week, and what waits for packing', async () => {
    const { token, userId } = await loggedInAdmin(t.app, t.db);
    const at = (iso: string) => new Date(iso);
    const add = (overrides: Parameters<typeof insertOrder>[2]) =>
      insertOrder(t.db, userId, overrides);
    // Today (India): a COD order waiting, a paid and delivered COD order, a paid order cancelled,
    // an online checkout never paid.
    await add({ createdAt: at('2026-11-25T19:00:00Z'), amount: 1000 });
    await add({
      createdAt: at('2026-11-25T19:10:00Z'),
      amount: 700,
      payment: true,
      status: ORDER_STATUS.delivered,
    });
    await add({
      createdAt: at('2026-11-25T19:20:00Z'),
      amount: 3000,
      paymentMethod: 'razorpay',
      payment: true,
      status: ORDER_STATUS.cancelled,
    });
    await add({ createdAt: at('2026-11-25T19:30:00Z'), amount: 5000, paymentMethod: 'razorpay' });
    // Wednesday 23:30 in India (this week, not today): paid online, waiting for packing.
    await add({
      createdAt: at('2026-11-25T18:00:00Z'),
      amount: 2000,
      paymentMethod: 'razorpay',
      payment: true,
    });
    // Sunday 23:30 in India: last week.
    await add({
      createdAt: at('2026-11-22T18:00:00Z'),
      amount: 500,
      payment: true,
      status: ORDER_STATUS.delivered,
    });

    const res = await t.app.inject({ url: '/api/admin/overview', headers: { token } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(adminOverviewResponseSchema.parse(body)).toEqual(body);
    expect(body.overview).toMatchObject({
      today: { from: '2026-11-25T18:30:00.000Z', orders: 3, revenue: 700 },
      week: { from: '2026-11-22T18:30:00.000Z', orders: 4, revenue: 2700 },
      waitingForPacking: 2,
      basis: { timeZone: 'Asia/Kolkata', weekStartsOn: 'Monday' },
    });
    expect(body.overview.basis.revenue).toMatch(/paid orders/);
  });
});
