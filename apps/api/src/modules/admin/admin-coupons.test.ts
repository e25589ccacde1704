import { beforeEach, describe, expect, it } from 'vitest';
import { adminCouponListResponseSchema } from '@vastra/shared/schemas/admin';
import { coupons } from '../../db/schema/coupons';
import { useTestApp } from '../../test/use-test-app';
import { seedCoupons } from '../../db/seed/seed-coupons';
import { recordRedemption } from '../coupons/coupons.service';
import { loggedInShopper, loggedInAdmin } from '../../test/fixtures';

const t = useTestApp();
let token: string;

beforeEach(async () => {
  // reset() emptied users (and with them the redemptions); this file owns the coupons table.
  await t.db.delete(coupons);
  token = (await loggedInAdmin(t.app, t.db)).token;
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { token }, ...(payload ? { payload } : {}) });

describe('GET /api/admin/coupons', () => {
  it('lists every coupon, hidden and inactive too, with how often each was used', async () => {
    await seedCoupons(t.db);
    const a = await loggedInShopper(t.app, t.db, 'a');
    const b = await loggedInShopper(t.app, t.db, 'b');
    await recordRedemption(t.db, {
      code: 'FREEDEL',
      userId: a.userId,
      orderId: null,
    });
    await recordRedemption(t.db, {
      code: 'FREEDEL',
      userId: b.userId,
      orderId: null,
    });
    await recordRedemption(t.db, { code: 'ASR10', userId: a.userId, orderId: null });

    const res = await call('GET', '/api/admin/coupons');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(adminCouponListResponseSchema.parse(body)).toEqual(body);
    const byCode = Object.fromEntries(body.coupons.map((c: { code: string }) => [c.code, c]));
    expect(Object.keys(byCode).sort()).toEqual(['ASR10', 'FREEDEL', 'VASTRA10']);
    expect(byCode.ASR10).toMatchObject({ hidden: true, active: true, redemptions: 1, percent: 10 });
    expect(byCode.FREEDEL).toMatchObject({
      kind: 'free_delivery',
      oncePerAccount: true,
      maxEarlierOrders: 2,
      redemptions: 2,
    });
    expect(byCode.VASTRA10).toMatchObject({ redemptions: 0, minSubtotal: 5000 });
    expect(byCode.VASTRA10.description).toBe('10% off on orders of ₹5,000 or more');
  });
});

describe('POST /api/admin/coupons', () => {
  it('creates a coupon with its code upper-cased; the offers list shows it; the code is unique', async () => {
    const res = await call('POST', '/api/admin/coupons', {
      code: '  diwali15 ',
      kind: 'percent',
      percent: 15,
      minSubtotal: 3000,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Coupon created',
      coupon: {
        code: 'DIWALI15',
        kind: 'percent',
        percent: 15,
        minSubtotal: 3000,
        maxEarlierOrders: null,
        oncePerAccount: false,
        hidden: false,
        active: true,
        redemptions: 0,
      },
    });
    const offers = (await t.app.inject('/api/coupon/list')).json().coupons;
    expect(offers.map((c: { code: string }) => c.code)).toEqual(['DIWALI15']);

    const again = await call('POST', '/api/admin/coupons', {
      code: 'Diwali15',
      kind: 'free_delivery',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      message: 'A coupon with the code DIWALI15 already exists',
    });

    const free = await call('POST', '/api/admin/coupons', {
      code: 'SHIPFREE',
      kind: 'free_delivery',
      oncePerAccount: true,
      maxEarlierOrders: 1,
    });
    expect(free.json().coupon).toMatchObject({
      kind: 'free_delivery',
      percent: 0,
      maxEarlierOrders: 1,
    });
  });

  it.each([
    [{ code: 'X', kind: 'percent', percent: 10 }, 'Coupon code must be 3 to 20 letters or digits'],
    [
      { code: 'HAS SPACE', kind: 'percent', percent: 10 },
      'Coupon code must be 3 to 20 letters or digits',
    ],
    [{ code: 'NOPCT', kind: 'percent' }, 'Percent must be a whole number from 1 to 100'],
    [
      { code: 'TOOMUCH', kind: 'percent', percent: 120 },
      'Percent must be a whole number from 1 to 100',
    ],
    [
      { code: 'FREEPCT', kind: 'free_delivery', percent: 10 },
      'A free_delivery coupon has no percent',
    ],
    [{ code: 'KINDLESS', kind: 'bogo' }, 'Kind must be percent or free_delivery'],
    [
      { code: 'NEGMIN', kind: 'percent', percent: 5, minSubtotal: -1 },
      'minSubtotal must be a whole number of rupees from 0 to 1000000',
    ],
    [
      { code: 'ZEROMAX', kind: 'percent', percent: 5, maxEarlierOrders: 0 },
      'maxEarlierOrders must be a whole number from 1, or null for no limit',
    ],
    [{ code: 'FLAG', kind: 'percent', percent: 5, hidden: 'yes' }, 'hidden must be true or false'],
  ])('refuses %o with a 400 saying why, creating nothing', async (payload, message) => {
    const res = await call('POST', '/api/admin/coupons', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
    expect(await t.db.select().from(coupons)).toEqual([]);
  });
});

describe('PATCH /api/admin/coupons/:id', () => {
  it('changes limits, deactivates and reactivates; the checkout sees it at once', async () => {
    const created = (
      await call('POST', '/api/admin/coupons', { code: 'SALE20', kind: 'percent', percent: 20 })
    ).json().coupon;
    const patch = (payload: object) => call('PATCH', `/api/admin/coupons/${created._id}`, payload);

    const changed = await patch({
      percent: 25,
      minSubtotal: 999,
      maxEarlierOrders: 3,
      oncePerAccount: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      message: 'Coupon updated',
      coupon: {
        code: 'SALE20',
        percent: 25,
        minSubtotal: 999,
        maxEarlierOrders: 3,
        oncePerAccount: true,
      },
    });

    expect((await patch({ active: false })).json().coupon.active).toBe(false);
    expect((await t.app.inject('/api/coupon/list')).json().coupons).toEqual([]);
    const shopper = await loggedInShopper(t.app, t.db);
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/coupon/check',
      headers: { token: shopper.token },
      payload: { code: 'SALE20' },
    });
    expect(check.json()).toMatchObject({ success: false, message: 'Invalid coupon code' });

    expect((await patch({ active: true })).json().coupon.active).toBe(true);
    expect((await t.app.inject('/api/coupon/list')).json().coupons).toHaveLength(1);
    expect((await patch({ maxEarlierOrders: null })).json().coupon.maxEarlierOrders).toBeNull();
  });

  it('refuses a percent on a free-delivery coupon, an empty change, and an unknown id', async () => {
    await seedCoupons(t.db);
    const list = (await call('GET', '/api/admin/coupons')).json().coupons;
    const freedel = list.find((c: { code: string }) => c.code === 'FREEDEL');
    const res = await call('PATCH', `/api/admin/coupons/${freedel._id}`, { percent: 10 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'A free_delivery coupon has no percent',
    });
    const empty = await call('PATCH', `/api/admin/coupons/${freedel._id}`, {});
    expect(empty.statusCode).toBe(400);
    const missing = await call('PATCH', '/api/admin/coupons/8d3c7a52-4c1e-4f7e-9a55-0c4c5b7d2e11', {
      active: false,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Coupon not found' });
  });
});
