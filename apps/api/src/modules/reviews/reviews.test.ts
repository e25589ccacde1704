import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type AdminReview,
  type MyReview,
  type Review,
  type ReviewSummary,
} from '@vastra/shared/schemas/review';
import { productReviews } from '../../db/schema/reviews';
import { users } from '../../db/schema/users';
import { manualClock } from '../../lib/clock';
import { insertOrder, insertProducts, loggedInAdmin, loggedInShopper } from '../../test/fixtures';
import { useTestApp } from '../../test/use-test-app';
import { CATALOG_CHANGED_CHANNEL } from '../catalog/catalog.service';
import { deliveredOrder } from '../returns/returns-test-kit';

const clock = manualClock(Date.UTC(2026, 10, 24, 6, 0));
const t = useTestApp({ deps: { clock } });

interface Body {
  success: boolean;
  message?: string;
  summary?: ReviewSummary;
  reviews?: (Review & Partial<AdminReview>)[];
  nextCursor?: string | null;
  review?: MyReview | AdminReview | null;
  canReview?: boolean;
}

async function call(
  token: string | null,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<{ status: number; body: Body }> {
  const res = await t.app.inject({
    method,
    url,
    headers: token ? { token } : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

/** Waits until the catalogue lists these products (they were written straight to the table). */
async function listed(ids: string[]): Promise<void> {
  await t.db.execute(sql.raw(`NOTIFY ${CATALOG_CHANGED_CHANNEL}`));
  await expect
    .poll(async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/product/list' });
      const shown = new Set(res.json<{ products: { _id: string }[] }>().products.map((p) => p._id));
      return ids.every((id) => shown.has(id));
    })
    .toBe(true);
}

/** A shopper with a Delivered order of a new product: the product id and the session. */
async function shopperWhoReceived(label: string, name = 'Asha Rao') {
  const shopper = await loggedInShopper(t.app, t.db, label);
  await t.db.update(users).set({ name }).where(eq(users.id, shopper.userId));
  const order = await deliveredOrder(t.db, shopper.userId, [{ price: 1299, quantity: 1 }]);
  const productId = order.items[0]!._id;
  await listed([productId]);
  return { ...shopper, productId };
}

/** Another shopper who received the same product (their own Delivered order of it). */
async function alsoReceived(productId: string, label: string, name = 'Ravi Kumar') {
  const shopper = await loggedInShopper(t.app, t.db, label);
  await t.db.update(users).set({ name }).where(eq(users.id, shopper.userId));
  const item = {
    _id: productId,
    name: 'Reviewed shirt',
    image: [],
    price: 1299,
    category: 'SHIRTS',
    subCategory: 'SNITCH',
    size: 'L',
    quantity: 1,
  };
  await insertOrder(t.db, shopper.userId, {
    items: [item],
    status: 'Delivered',
    deliveredAt: clock.now(),
  });
  return shopper;
}

const review = (productId: string) => `/api/reviews/${productId}`;
const mine = (productId: string) => `/api/reviews/${productId}/mine`;

describe('writing a review', () => {
  it('takes one review per shopper and product they received, and a second send rewrites it', async () => {
    const { token, productId } = await shopperWhoReceived('writer');
    expect((await call(token, 'GET', mine(productId))).body).toMatchObject({
      review: null,
      canReview: true,
    });

    const first = await call(token, 'PUT', mine(productId), {
      rating: 4,
      fit: 'small',
      body: '  Soft cotton, but order a size up.  ',
    });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(REVIEW_MESSAGES.saved);
    expect(first.body.review).toMatchObject({
      authorName: 'Asha R.',
      rating: 4,
      fit: 'small',
      body: 'Soft cotton, but order a size up.',
      isDemo: false,
      hiddenReason: null,
    });

    clock.advance(60_000);
    const edit = await call(token, 'PUT', mine(productId), { rating: 5 });
    expect(edit.body.message).toBe(REVIEW_MESSAGES.updated);
    expect(edit.body.review).toMatchObject({ rating: 5, fit: null, body: '' });
    expect(edit.body.review!._id).toBe(first.body.review!._id);
    expect(edit.body.review!.updatedAt).toBeGreaterThan(edit.body.review!.createdAt);
    expect(await t.db.select().from(productReviews)).toHaveLength(1);
    expect((await call(token, 'GET', mine(productId))).body.review).toMatchObject({ rating: 5 });
  });

  it('keeps one row when the same shopper sends twice at once', async () => {
    const { token, productId } = await shopperWhoReceived('racer');
    const sends = await Promise.all(
      [1, 2, 3, 4].map((rating) => call(token, 'PUT', mine(productId), { rating })),
    );
    expect(sends.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    expect(sends.filter((s) => s.body.message === REVIEW_MESSAGES.saved)).toHaveLength(1);
    expect(await t.db.select().from(productReviews)).toHaveLength(1);
  });

  it('refuses a product the shopper has not received, with the plain reason, and writes nothing', async () => {
    const { token, userId, productId } = await shopperWhoReceived('early');
    const [other] = await insertProducts(t.db, [{ name: 'Not yet delivered' }]);
    await insertOrder(t.db, userId, {
      items: [
        {
          _id: other!.id,
          name: other!.name,
          image: other!.images,
          price: other!.price,
          category: other!.category,
          subCategory: other!.subCategory,
          size: 'M',
          quantity: 1,
        },
      ],
      status: 'Shipped',
    });
    await listed([other!.id]);
    expect((await call(token, 'GET', mine(other!.id))).body).toMatchObject({ canReview: false });
    const refused = await call(token, 'PUT', mine(other!.id), { rating: 5 });
    expect([refused.status, refused.body.message]).toEqual([403, REVIEW_MESSAGES.notDelivered]);
    // Someone else's delivered order does not count either.
    const stranger = await loggedInShopper(t.app, t.db, 'stranger');
    const theirs = await call(stranger.token, 'PUT', mine(productId), { rating: 5 });
    expect([theirs.status, theirs.body.message]).toEqual([403, REVIEW_MESSAGES.notDelivered]);
    expect(await t.db.select().from(productReviews)).toEqual([]);

    expect((await call(null, 'PUT', mine(productId), { rating: 5 })).status).toBe(401);
    const unknown = await call(token, 'PUT', mine(crypto.randomUUID()), { rating: 5 });
    expect([unknown.status, unknown.body.message]).toEqual([404, REVIEW_MESSAGES.productNotFound]);
  });

  it('refuses bad input with a plain message and writes nothing', async () => {
    const { token, productId } = await shopperWhoReceived('bad-input');
    const cases: [unknown, string][] = [
      [{}, REVIEW_MESSAGES.rating],
      [{ rating: 0 }, REVIEW_MESSAGES.rating],
      [{ rating: 6 }, REVIEW_MESSAGES.rating],
      [{ rating: 4.5 }, REVIEW_MESSAGES.rating],
      [{ rating: '5' }, REVIEW_MESSAGES.rating],
      [{ rating: 5, fit: 'huge' }, REVIEW_MESSAGES.fit],
      [{ rating: 5, body: 'x'.repeat(REVIEW_LIMITS.textMax + 1) }, REVIEW_MESSAGES.text],
      [{ rating: 5, body: 'bad \u0000 text' }, 'body: contains characters that are not allowed'],
      [{ rating: 5, body: 42 }, 'The review must be text'],
    ];
    for (const [payload, message] of cases) {
      const res = await call(token, 'PUT', mine(productId), payload);
      expect([res.status, res.body.message], JSON.stringify(payload).slice(0, 60)).toEqual([
        400,
        message,
      ]);
    }
    const badId = await call(token, 'PUT', '/api/reviews/not-a-uuid/mine', { rating: 5 });
    expect([badId.status, badId.body.message]).toEqual([400, 'Invalid product id']);
    // The longest text allowed, with spaces trimmed around it, is taken.
    const longest = await call(token, 'PUT', mine(productId), {
      rating: 5,
      body: ` ${'y'.repeat(REVIEW_LIMITS.textMax)} `,
    });
    expect(longest.status).toBe(200);
    expect(await t.db.select().from(productReviews)).toHaveLength(1);
  });

  it('removes the shopper’s own review only', async () => {
    const a = await shopperWhoReceived('remover');
    const b = await alsoReceived(a.productId, 'keeper');
    await call(a.token, 'PUT', mine(a.productId), { rating: 2 });
    await call(b.token, 'PUT', mine(a.productId), { rating: 5 });
    expect((await call(a.token, 'DELETE', mine(a.productId))).body.message).toBe(
      REVIEW_MESSAGES.deleted,
    );
    expect((await call(a.token, 'DELETE', mine(a.productId))).status).toBe(200);
    const rows = await t.db.select().from(productReviews);
    expect(rows.map((r) => r.rating)).toEqual([5]);
  });
});

describe('reading a product’s reviews', () => {
  it('says there are none for a product without reviews, and 404 for an unknown product', async () => {
    const { productId } = await shopperWhoReceived('none');
    expect((await call(null, 'GET', review(productId))).body).toEqual({
      success: true,
      summary: {
        average: 0,
        count: 0,
        byStars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
        fit: { small: 0, true: 0, large: 0 },
      },
      reviews: [],
      nextCursor: null,
    });
    const unknown = await call(null, 'GET', review(crypto.randomUUID()));
    expect([unknown.status, unknown.body.message]).toEqual([404, REVIEW_MESSAGES.productNotFound]);
  });

  it('summarises the visible reviews and pages through them newest first', async () => {
    const first = await shopperWhoReceived('pager-0', 'Meera Iyer');
    const ratings: [number, string | null][] = [
      [5, 'true'],
      [4, 'small'],
      [4, 'true'],
      [3, null],
      [5, 'large'],
      [1, 'small'],
      [4, 'true'],
    ];
    const shoppers = [first];
    for (let i = 1; i < ratings.length; i += 1)
      shoppers.push({
        ...(await alsoReceived(first.productId, `pager-${i}`)),
        productId: first.productId,
      });
    for (const [i, [rating, fit]] of ratings.entries()) {
      clock.advance(60_000);
      await call(shoppers[i]!.token, 'PUT', mine(first.productId), {
        rating,
        fit,
        body: `Review ${i}`,
      });
    }

    const page1 = await call(null, 'GET', `${review(first.productId)}?limit=3`);
    expect(page1.body.summary).toEqual({
      // (5+4+4+3+5+1+4) / 7 = 3.714… → 3.7
      average: 3.7,
      count: 7,
      byStars: { 1: 1, 2: 0, 3: 1, 4: 3, 5: 2 },
      fit: { small: 2, true: 3, large: 1 },
    });
    expect(page1.body.reviews!.map((r) => r.body)).toEqual(['Review 6', 'Review 5', 'Review 4']);
    const page2 = await call(
      null,
      'GET',
      `${review(first.productId)}?limit=3&before=${page1.body.nextCursor}`,
    );
    expect(page2.body.reviews!.map((r) => r.body)).toEqual(['Review 3', 'Review 2', 'Review 1']);
    const page3 = await call(
      null,
      'GET',
      `${review(first.productId)}?limit=3&before=${page2.body.nextCursor}`,
    );
    expect(page3.body.reviews!.map((r) => r.body)).toEqual(['Review 0']);
    expect(page3.body.nextCursor).toBeNull();
    // The default page size.
    expect((await call(null, 'GET', review(first.productId))).body.reviews).toHaveLength(
      REVIEW_LIMITS.pageSize,
    );
  });

  it('refuses a bad cursor or page size in plain words', async () => {
    const { productId } = await shopperWhoReceived('cursor');
    for (const query of [
      'before=yesterday',
      `before=123.${'z'.repeat(36)}`,
      'limit=0',
      `limit=${REVIEW_LIMITS.pageSizeMax + 1}`,
      'limit=two',
    ]) {
      const res = await call(null, 'GET', `${review(productId)}?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toMatch(/^(before|limit) must be/);
    }
  });
});

describe('the owner’s moderation', () => {
  it('hides a review with a reason (gone from the shop and its numbers) and shows it again', async () => {
    const admin = await loggedInAdmin(t.app, t.db);
    const a = await shopperWhoReceived('hidden-a');
    const b = await alsoReceived(a.productId, 'hidden-b');
    await call(a.token, 'PUT', mine(a.productId), { rating: 1, body: 'Rude words here' });
    clock.advance(60_000);
    await call(b.token, 'PUT', mine(a.productId), { rating: 5, body: 'Lovely' });
    const target = (await call(a.token, 'GET', mine(a.productId))).body.review!;

    const noReason = await call(admin.token, 'POST', `/api/admin/reviews/${target._id}/hide`, {
      reason: '   ',
    });
    expect([noReason.status, noReason.body.message]).toEqual([400, REVIEW_MESSAGES.hideReason]);
    const customer = await call(a.token, 'POST', `/api/admin/reviews/${target._id}/hide`, {
      reason: 'Mine',
    });
    expect(customer.status).toBe(403);
    const unknown = await call(
      admin.token,
      'POST',
      `/api/admin/reviews/${crypto.randomUUID()}/hide`,
      {
        reason: 'Spam',
      },
    );
    expect([unknown.status, unknown.body.message]).toEqual([404, REVIEW_MESSAGES.reviewNotFound]);

    const hidden = await call(admin.token, 'POST', `/api/admin/reviews/${target._id}/hide`, {
      reason: 'Abusive language',
    });
    expect(hidden.body).toMatchObject({
      message: REVIEW_MESSAGES.hidden,
      review: {
        _id: target._id,
        hiddenReason: 'Abusive language',
        hiddenAt: clock.now().getTime(),
      },
    });
    const shop = await call(null, 'GET', review(a.productId));
    expect(shop.body.reviews!.map((r) => r.body)).toEqual(['Lovely']);
    expect(shop.body.summary).toMatchObject({ count: 1, average: 5 });
    // The author sees why; rewriting it does not bring it back.
    await call(a.token, 'PUT', mine(a.productId), { rating: 2, body: 'Softer words' });
    expect((await call(a.token, 'GET', mine(a.productId))).body.review).toMatchObject({
      hiddenReason: 'Abusive language',
      rating: 2,
    });
    expect((await call(null, 'GET', review(a.productId))).body.summary!.count).toBe(1);

    const hiddenList = await call(admin.token, 'GET', '/api/admin/reviews?view=hidden');
    expect(hiddenList.body.reviews!.map((r) => r._id)).toEqual([target._id]);
    expect(hiddenList.body.reviews![0]!.productName).toEqual(expect.any(String));
    const visibleList = await call(admin.token, 'GET', '/api/admin/reviews?view=visible');
    expect(visibleList.body.reviews!.map((r) => r.body)).toEqual(['Lovely']);

    const shown = await call(admin.token, 'POST', `/api/admin/reviews/${target._id}/show`);
    expect(shown.body).toMatchObject({
      message: REVIEW_MESSAGES.shown,
      review: { hiddenAt: null, hiddenReason: null },
    });
    expect((await call(admin.token, 'POST', `/api/admin/reviews/${target._id}/show`)).status).toBe(
      200,
    );
    expect((await call(null, 'GET', review(a.productId))).body.summary!.count).toBe(2);
    const all = await call(admin.token, 'GET', '/api/admin/reviews?limit=1');
    expect(all.body.reviews).toHaveLength(1);
    expect(all.body.nextCursor).toEqual(expect.any(String));
    expect((await call(admin.token, 'GET', '/api/admin/reviews?view=gone')).status).toBe(400);
  });
});
