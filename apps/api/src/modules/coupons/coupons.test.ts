import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { DELIVERY_FEE } from '@vastra/shared/constants';
import { SEED_COUPONS } from '@vastra/shared/pricing/coupons';
import { carts } from '../../db/schema/carts';
import { couponRedemptions, coupons } from '../../db/schema/coupons';
import { products } from '../../db/schema/products';
import { isAppError } from '../../lib/app-error';
import { LOGIN_REQUIRED_MESSAGE } from '../../plugins/auth';
import { manualClock } from '../../lib/clock';
import { useTestApp } from '../../test/use-test-app';
import { seedCoupons } from '../../db/seed/seed-coupons';
import { countEarlierOrders } from '../orders/orders.service';
import { readCoupons } from './coupons.repository';
import { COUPON_CHECK_LIMITS } from './coupons.routes';
import { priceCart, recordRedemption } from './coupons.service';
import { fillCart as fixtureCart, loggedInShopper } from '../../test/fixtures';

// The limits count in fixed minutes: time stands still unless a test moves it, so a test never
// straddles a minute's end by chance.
const clock = manualClock(Date.now());
const t = useTestApp({ deps: { clock } });

beforeEach(async () => {
  // Users (and with them carts and redemptions) and products went; coupons are put back as seeded.
  await t.db.delete(coupons);
  await seedCoupons(t.db);
});

interface CheckBody {
  success: boolean;
  message: string;
  coupon?: { code: string; kind: string; percent: number; description: string };
  totals?: {
    subtotal: number;
    deliveryFee: number;
    discount: number;
    total: number;
    coupon: string | null;
  };
}

async function check(
  payload: unknown,
  token?: string,
): Promise<{ status: number; body: CheckBody }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/coupon/check',
    payload: payload as Record<string, unknown>,
    headers: token ? { token } : {},
  });
  return { status: res.statusCode, body: res.json() };
}

/** A shopper logged in through the real login route. */
const shopper = () => loggedInShopper(t.app, t.db, 'coupon');

/** Puts lines straight into the shopper's server cart: [price, quantity] each, size M. */
const fillCart = (userId: string, lines: [price: number, quantity: number][]) =>
  fixtureCart(t.db, userId, lines);

describe('GET /api/coupon/list', () => {
  it('lists the visible active offers, without the hidden ASR10, and needs no login', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/coupon/list' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ success: boolean; coupons: { code: string; description: string }[] }>();
    expect(body.success).toBe(true);
    expect(body.coupons.map((c) => c.code).sort()).toEqual(['FREEDEL', 'VASTRA10']);
    expect(body.coupons.find((c) => c.code === 'VASTRA10')).toMatchObject({
      kind: 'percent',
      percent: 10,
      minSubtotal: 5000,
      description: '10% off on orders of ₹5,000 or more',
    });
  });

  it('leaves out an inactive coupon', async () => {
    await t.db.update(coupons).set({ active: false }).where(eq(coupons.code, 'VASTRA10'));
    const body = (await t.app.inject({ method: 'GET', url: '/api/coupon/list' })).json<{
      coupons: { code: string }[];
    }>();
    expect(body.coupons.map((c) => c.code)).toEqual(['FREEDEL']);
  });
});

describe('the coupon seed', () => {
  it('holds the shared definitions and is idempotent', async () => {
    expect(await seedCoupons(t.db)).toBe(0);
    const stored = await readCoupons(t.db);
    expect([...stored].sort((a, b) => a.code.localeCompare(b.code))).toEqual(
      [...SEED_COUPONS].sort((a, b) => a.code.localeCompare(b.code)),
    );
  });

  it('does not bring back a coupon the shop removed', async () => {
    await t.db.delete(coupons).where(eq(coupons.code, 'ASR10'));
    expect(await seedCoupons(t.db)).toBe(0);
    expect((await readCoupons(t.db)).map((c) => c.code)).not.toContain('ASR10');
  });

  it('the table refuses a code that is not upper-case and trimmed', async () => {
    await expect(
      t.db.insert(coupons).values({ code: 'save5', kind: 'percent', percent: 5 }),
    ).rejects.toThrow();
  });
});

describe('POST /api/coupon/check', () => {
  it('401 without a token, whatever the body', async () => {
    const res = await check({ code: 'ASR10' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: LOGIN_REQUIRED_MESSAGE });
  });

  it.each<[string, (userId: string) => Promise<unknown>, Record<string, unknown>, string]>([
    ['missing code', async () => {}, {}, 'Please enter a coupon code'],
    ['empty code', async () => {}, { code: '' }, 'Please enter a coupon code'],
    ['blank code', async () => {}, { code: '   ' }, 'Please enter a coupon code'],
    ['unknown code', async () => {}, { code: 'SAVE50' }, 'Invalid coupon code'],
    [
      'a code longer than any coupon',
      async () => {},
      { code: 'X'.repeat(500) },
      'Invalid coupon code',
    ],
    [
      'VASTRA10 with a ₹4999 cart',
      (u) => fillCart(u, [[4999, 1]]),
      { code: 'VASTRA10' },
      'Minimum order value of ₹5000 required for this coupon',
    ],
    [
      'FREEDEL with a ₹1999 cart',
      (u) => fillCart(u, [[1999, 1]]),
      { code: 'freedel' },
      'Minimum order value of ₹2000 required for free delivery',
    ],
    [
      'FREEDEL while VASTRA10 is applied',
      (u) => fillCart(u, [[3000, 2]]),
      { code: 'FREEDEL', applied: 'VASTRA10' },
      'Please remove the 10% discount coupon first',
    ],
    [
      'VASTRA10 while FREEDEL is applied',
      (u) => fillCart(u, [[3000, 2]]),
      { code: 'VASTRA10', applied: 'FREEDEL' },
      'Please remove free delivery coupon first',
    ],
  ])(
    'refuses %s with 400 and the message of docs/product.md §8',
    async (_name, arrange, payload, message) => {
      const { token, userId } = await shopper();
      await arrange(userId);
      const res = await check(payload, token);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message });
    },
  );

  it('refuses an inactive coupon as invalid', async () => {
    const { token, userId } = await shopper();
    await fillCart(userId, [[6000, 1]]);
    await t.db.update(coupons).set({ active: false }).where(eq(coupons.code, 'VASTRA10'));
    const res = await check({ code: 'VASTRA10' }, token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid coupon code');
  });

  it('applies VASTRA10 at ₹5000 with the server totals', async () => {
    const { token, userId } = await shopper();
    await fillCart(userId, [[2500, 2]]);
    const res = await check({ code: ' vastra10 ' }, token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Coupon applied successfully!',
      coupon: { code: 'VASTRA10', kind: 'percent', percent: 10 },
      // floor(10 % × (5000 + 49)) = 504
      totals: {
        subtotal: 5000,
        deliveryFee: DELIVERY_FEE,
        discount: 504,
        total: 4545,
        coupon: 'VASTRA10',
      },
    });
  });

  it('applies the hidden ASR10 with no minimum', async () => {
    const { token, userId } = await shopper();
    await fillCart(userId, [[951, 1]]);
    const res = await check({ code: 'ASR10' }, token);
    expect(res.status).toBe(200);
    expect(res.body.totals).toMatchObject({
      subtotal: 951,
      deliveryFee: 49,
      discount: 100,
      total: 900,
    });
  });

  it('applies FREEDEL at ₹2000: no delivery fee', async () => {
    const { token, userId } = await shopper();
    await fillCart(userId, [
      [1000, 1],
      [500, 2],
    ]);
    const res = await check({ code: 'FREEDEL' }, token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Free delivery applied successfully!',
      totals: { subtotal: 2000, deliveryFee: 0, discount: 0, total: 2000, coupon: 'FREEDEL' },
    });
  });

  it('switches from VASTRA10 to ASR10 (same kind replaces)', async () => {
    const { token, userId } = await shopper();
    await fillCart(userId, [[3000, 2]]);
    const res = await check({ code: 'ASR10', applied: 'VASTRA10' }, token);
    expect(res.status).toBe(200);
    expect(res.body.totals).toMatchObject({
      subtotal: 6000,
      discount: 604,
      total: 5445,
      coupon: 'ASR10',
    });
  });

  it('ignores a client-sent subtotal and amount: the server cart decides', async () => {
    const { token, userId } = await shopper();
    await fillCart(userId, [[1000, 1]]);
    const refused = await check({ code: 'VASTRA10', subtotal: 999_999, amount: 999_999 }, token);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Minimum order value of ₹5000 required for this coupon');

    const applied = await check(
      { code: 'ASR10', subtotal: 1, amount: 1, totals: { total: 1 } },
      token,
    );
    expect(applied.status).toBe(200);
    expect(applied.body.totals).toMatchObject({
      subtotal: 1000,
      deliveryFee: 49,
      discount: 104,
      total: 945,
    });
  });

  it('prices lines from the products table now, and leaves out what the shop no longer sells', async () => {
    const { token, userId } = await shopper();
    await fillCart(userId, [
      [3000, 1],
      [2000, 1],
      [700, 1],
    ]);
    const lines = await t.db.select().from(carts).where(eq(carts.userId, userId));
    const [first, second, third] = lines.map((l) => l.productId);
    await t.db.update(products).set({ price: 3500 }).where(eq(products.id, first!));
    await t.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, second!));
    await t.db
      .update(products)
      .set({ sizes: ['L'] })
      .where(eq(products.id, third!));
    const res = await check({ code: 'ASR10' }, token);
    expect(res.body.totals).toMatchObject({
      subtotal: 3500,
      deliveryFee: 49,
      discount: 354,
      total: 3195,
    });
  });

  it('FREEDEL is refused once this account has redeemed it; other accounts still get it', async () => {
    const a = await shopper();
    const b = await shopper();
    await fillCart(a.userId, [[2500, 1]]);
    await fillCart(b.userId, [[2500, 1]]);
    expect(
      await recordRedemption(t.db, {
        code: 'FREEDEL',
        userId: a.userId,
        orderId: null,
      }),
    ).toBe(true);

    const refused = await check({ code: 'FREEDEL' }, a.token);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('You have already used the free delivery coupon');
    expect((await check({ code: 'FREEDEL' }, b.token)).status).toBe(200);
  });

  it('the database keeps FREEDEL once per account; a percent coupon may be redeemed again', async () => {
    const { userId } = await shopper();
    const db = t.db;
    expect(await recordRedemption(db, { code: 'FREEDEL', userId, orderId: 'order-1' })).toBe(true);
    expect(await recordRedemption(db, { code: 'FREEDEL', userId, orderId: 'order-2' })).toBe(false);
    expect(await recordRedemption(db, { code: 'VASTRA10', userId, orderId: 'order-3' })).toBe(true);
    expect(await recordRedemption(db, { code: 'VASTRA10', userId, orderId: 'order-4' })).toBe(true);
    const rows = await db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.userId, userId));
    expect(rows.map((r) => r.orderId).sort()).toEqual(['order-1', 'order-3', 'order-4']);
  });
});

describe('priceCart (for order creation)', () => {
  it('without a coupon: the plain totals; an empty cart is 0 everywhere', async () => {
    const { userId } = await shopper();
    const empty = await priceCart(t.db, userId, null, { countEarlierOrders: countEarlierOrders });
    expect(empty).toMatchObject({ lines: [], coupon: null, message: null });
    expect(empty.totals).toMatchObject({ subtotal: 0, deliveryFee: 0, discount: 0, total: 0 });

    await fillCart(userId, [[800, 3]]);
    const priced = await priceCart(t.db, userId, null, { countEarlierOrders: countEarlierOrders });
    expect(priced.lines).toHaveLength(1);
    expect(priced.lines[0]).toMatchObject({ size: 'M', quantity: 3, unitPrice: 800 });
    expect(priced.totals).toMatchObject({
      subtotal: 2400,
      deliveryFee: 49,
      discount: 0,
      total: 2449,
    });
  });

  it('a refused coupon is an invalid_data AppError with the message of docs/product.md §8', async () => {
    const { userId } = await shopper();
    await fillCart(userId, [[800, 1]]);
    const error: unknown = await priceCart(t.db, userId, 'FREEDEL', {
      countEarlierOrders: countEarlierOrders,
    }).catch((e: unknown) => e);
    expect(isAppError(error) && error.type).toBe('invalid_data');
    expect((error as Error).message).toBe(
      'Minimum order value of ₹2000 required for free delivery',
    );
  });
});

describe('POST /api/coupon/check limits (decision 097)', () => {
  async function checkFrom(token: string, code: string, remoteAddress = '127.0.0.1') {
    return t.app.inject({
      method: 'POST',
      url: '/api/coupon/check',
      payload: { code },
      headers: { token },
      remoteAddress,
    });
  }
  /** 20 s into a minute (time moves only forward): the refusal then always says 40 seconds. */
  const twentySecondsIntoAMinute = () =>
    clock.set(Math.ceil(clock.now().getTime() / 60_000) * 60_000 + 20_000);
  const TOO_MANY = 'Too many coupon checks. Please try again in 40 seconds.';

  it('answers 30 checks a minute from one account, then 429 with Retry-After, even for the right code', async () => {
    twentySecondsIntoAMinute();
    const guesser = await shopper();
    await fillCart(guesser.userId, [[951, 1]]);
    for (let i = 0; i < 30; i++) {
      const res = await checkFrom(guesser.token, `GUESS${i}`);
      expect(res.statusCode).toBe(400); // a wrong code, answered
    }
    const res = await checkFrom(guesser.token, 'ASR10');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ success: false, message: TOO_MANY });
    expect(res.headers['retry-after']).toBe('40');

    // Another shopper on the same address is not held up by this one.
    const other = await shopper();
    await fillCart(other.userId, [[951, 1]]);
    expect((await checkFrom(other.token, 'ASR10')).statusCode).toBe(200);

    // A minute later this one may check again.
    clock.advance(60_000);
    expect((await checkFrom(guesser.token, 'ASR10')).statusCode).toBe(200);
  });

  it('answers many shoppers on one shared address (a mobile carrier) up to 300 checks a minute, then 429; another address goes on', async () => {
    twentySecondsIntoAMinute();
    const shared = '203.0.113.7';
    // 75 checks from three accounts: more than a small per-address limit would let through.
    const accounts = await Promise.all([shopper(), shopper(), shopper()]);
    for (const account of accounts) {
      for (let i = 0; i < 25; i++)
        expect((await checkFrom(account.token, `TRY${i}`, shared)).statusCode).toBe(400);
    }
    // The rest of this minute's 300 are used by other shoppers behind the same address.
    const perIp = COUPON_CHECK_LIMITS.find((l) => l.per === 'ip')!.rule;
    expect(perIp.limit).toBe(300);
    for (let i = 75; i < 300; i++) await t.app.rateLimiter.consume(perIp, shared);

    const fresh = await shopper();
    await fillCart(fresh.userId, [[951, 1]]);
    const res = await checkFrom(fresh.token, 'ASR10', shared);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ success: false, message: TOO_MANY });
    expect(res.headers['retry-after']).toBe('40');
    expect((await checkFrom(fresh.token, 'ASR10', '198.51.100.4')).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await checkFrom(fresh.token, 'ASR10', shared)).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64: moving to another address of the same network does not reset the count', async () => {
    twentySecondsIntoAMinute();
    const perIp = COUPON_CHECK_LIMITS.find((l) => l.per === 'ip')!.rule;
    for (let i = 0; i < perIp.limit; i++)
      await t.app.rateLimiter.consume(perIp, '2001:db8:7:1::/64');
    const fresh = await shopper();
    await fillCart(fresh.userId, [[951, 1]]);
    expect((await checkFrom(fresh.token, 'ASR10', '2001:db8:7:1::abcd')).statusCode).toBe(429);
    expect((await checkFrom(fresh.token, 'ASR10', '2001:db8:7:2::abcd')).statusCode).toBe(200);
  });
});
