import { BRANDS, CATEGORIES, TOP_SIZES, WAIST_SIZES } from '@vastra/shared/constants';
import { productInputSchema } from '@vastra/shared/schemas/product';
import { describe, expect, it } from 'vitest';
import { catalogSeed } from './catalog-data';

describe('the seed catalogue', () => {
  it('has more than 50 products ("50+ collections") with unique keys and names', () => {
    expect(catalogSeed.length).toBeGreaterThanOrEqual(52);
    expect(new Set(catalogSeed.map((p) => p.key)).size).toBe(catalogSeed.length);
    expect(new Set(catalogSeed.map((p) => p.name)).size).toBe(catalogSeed.length);
  });

  it('covers every brand in every category', () => {
    for (const brand of BRANDS) {
      for (const category of CATEGORIES) {
        expect(
          catalogSeed.some((p) => p.subCategory === brand && p.category === category),
          `${brand} ${category}`,
        ).toBe(true);
      }
    }
  });

  it('prices mostly between ₹499 and ₹1,999, some above ₹2,000', () => {
    const inBand = catalogSeed.filter((p) => p.price >= 499 && p.price <= 1999).length;
    const premium = catalogSeed.filter((p) => p.price > 2000).length;
    expect(inBand / catalogSeed.length).toBeGreaterThan(0.75);
    expect(premium).toBeGreaterThanOrEqual(3);
    expect(catalogSeed.every((p) => Number.isInteger(p.price) && p.price > 0)).toBe(true);
  });

  it.each(catalogSeed)(
    '$key is a valid product with the right kind of sizes and 2–4 pictures',
    (p) => {
      expect(productInputSchema.safeParse(p).success).toBe(true);
      const allowed: readonly string[] = p.category === 'PANTS' ? WAIST_SIZES : TOP_SIZES;
      expect(p.sizes.length).toBeGreaterThan(0);
      expect(p.sizes.every((s) => allowed.includes(s))).toBe(true);
      expect(p.imageCount).toBeGreaterThanOrEqual(2);
      expect(p.imageCount).toBeLessThanOrEqual(4);
      expect(p.look.base).toMatch(/^#[0-9a-f]{6}$/i);
      expect(p.look.accent).toMatch(/^#[0-9a-f]{6}$/i);
      expect(p.description.length).toBeGreaterThan(60);
    },
  );
});

describe('the seed catalogue reads like a real shop', () => {
  it('has 6–8 premium products above ₹2,000, all from Tommy Hilfiger or Rare Rabbit', () => {
    const premium = catalogSeed.filter((p) => p.price > 2000);
    expect(premium.length).toBeGreaterThanOrEqual(6);
    expect(premium.length).toBeLessThanOrEqual(8);
    expect(new Set(premium.map((p) => p.subCategory))).toEqual(
      new Set(['TOMMY HILFIGER', 'RARE-RABBIT']),
    );
  });

  it('prices end in 9, as shops price them (799, 1299, …)', () => {
    expect(catalogSeed.filter((p) => p.price % 10 !== 9).map((p) => `${p.key} ${p.price}`)).toEqual(
      [],
    );
  });

  it('has three products per brand and category', () => {
    for (const brand of BRANDS) {
      for (const category of CATEGORIES) {
        const n = catalogSeed.filter(
          (p) => p.subCategory === brand && p.category === category,
        ).length;
        expect(n, `${brand} ${category}`).toBe(3);
      }
    }
  });

  it('offers most tops in all five sizes, and every pair of pants in at least four waists', () => {
    const tops = catalogSeed.filter((p) => p.category !== 'PANTS');
    const full = tops.filter((p) => TOP_SIZES.every((s) => p.sizes.includes(s)));
    expect(full.length / tops.length).toBeGreaterThan(0.8);
    for (const p of catalogSeed.filter((x) => x.category === 'PANTS'))
      expect(p.sizes.length).toBeGreaterThanOrEqual(4);
  });

  it('interleaves brands and categories, so the newest (last) entries show a mix', () => {
    const newest = catalogSeed.slice(-14);
    expect(new Set(newest.map((p) => p.category)).size).toBe(CATEGORIES.length);
    expect(new Set(newest.map((p) => p.subCategory)).size).toBe(BRANDS.length);
    // No run of three neighbours shares a category.
    for (let i = 2; i < catalogSeed.length; i++) {
      const run = catalogSeed.slice(i - 2, i + 1).map((p) => p.category);
      expect(new Set(run).size, `entries ${i - 2}–${i}`).toBeGreaterThan(1);
    }
  });

  it('draws mostly 3–4 pictures per product and a look that fits the name', () => {
    expect(
      catalogSeed.filter((p) => p.imageCount >= 3).length / catalogSeed.length,
    ).toBeGreaterThan(0.85);
    for (const p of catalogSeed) {
      if (/jeans/i.test(p.name)) expect(p.look.pattern, p.key).toBe('denim');
      if (/check|gingham|tartan|flannel/i.test(p.name))
        expect(p.look.pattern, p.key).toBe('checks');
      if (/stripe/i.test(p.name)) expect(p.look.pattern, p.key).toBe('stripes');
      if (/print/i.test(p.name)) expect(p.look.pattern, p.key).toBe('print');
    }
  });
});
