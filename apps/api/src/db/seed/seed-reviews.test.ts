import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productReviews } from '../schema/reviews';
import { insertProducts } from '../../test/fixtures';
import { useTestApp } from '../../test/use-test-app';
import { catalogSeed } from './catalog-data';
import { demoReviewsFor, seedReviews } from './seed-reviews';

const t = useTestApp({ app: 'manual' });

describe('the seeded demo reviews (docs/decisions/136)', () => {
  it('gives the demo catalogue a modest, believable set: 0–6 each, some products none', () => {
    const counts = catalogSeed.map((entry) => demoReviewsFor(entry.key).length);
    expect(counts.every((n) => n >= 0 && n <= 6)).toBe(true);
    expect(counts.filter((n) => n === 0).length).toBeGreaterThan(3);
    expect(counts.filter((n) => n > 0).length).toBeGreaterThan(catalogSeed.length / 2);
    const all = catalogSeed.flatMap((entry) => demoReviewsFor(entry.key));
    const average = all.reduce((sum, r) => sum + r.rating, 0) / all.length;
    expect(average).toBeGreaterThan(3.8);
    expect(average).toBeLessThan(4.7);
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    // The same in every shop.
    expect(demoReviewsFor(catalogSeed[0]!.key)).toEqual(demoReviewsFor(catalogSeed[0]!.key));
  });

  it('adds them to seeded products only, marked as demo, once; a hidden one stays hidden', async () => {
    const withReviews = catalogSeed.find((entry) => demoReviewsFor(entry.key).length >= 2)!;
    const without = catalogSeed.find((entry) => demoReviewsFor(entry.key).length === 0)!;
    const [seeded, empty, own] = await insertProducts(t.db, [
      { seedKey: withReviews.key },
      { seedKey: without.key },
      {},
    ]);
    const now = new Date(Date.UTC(2026, 10, 24, 6, 0, 0, 123));
    const expected = demoReviewsFor(withReviews.key);
    expect(await seedReviews(t.db, now)).toBe(expected.length);
    const rows = await t.db.select().from(productReviews);
    expect(rows.every((r) => r.productId === seeded!.id && r.isDemo && r.userId === null)).toBe(
      true,
    );
    expect(rows.map((r) => r.rating).sort()).toEqual(expected.map((r) => r.rating).sort());
    expect(rows.every((r) => r.createdAt < now && r.createdAt.getMilliseconds() === 123)).toBe(
      true,
    );
    expect(rows.some((r) => r.productId === empty!.id || r.productId === own!.id)).toBe(false);

    await t.db
      .update(productReviews)
      .set({ hiddenAt: now, hiddenReason: 'Off topic' })
      .where(eq(productReviews.id, rows[0]!.id));
    expect(await seedReviews(t.db, new Date())).toBe(0);
    const again = await t.db.select().from(productReviews);
    expect(again).toHaveLength(expected.length);
    expect(again.find((r) => r.id === rows[0]!.id)?.hiddenReason).toBe('Off topic');
  });
});
