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
        expect(catalogSeed.some((p) => p.subCategory === brand && p.category === category), `${brand} ${category}`).toBe(true);
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

  it.each(catalogSeed)('$key is a valid product with the right kind of sizes and 2–4 pictures', (p) => {
    expect(productInputSchema.safeParse(p).success).toBe(true);
    const allowed: readonly string[] = p.category === 'PANTS' ? WAIST_SIZES : TOP_SIZES;
    expect(p.sizes.length).toBeGreaterThan(0);
    expect(p.sizes.every((s) => allowed.includes(s))).toBe(true);
    expect(p.imageCount).toBeGreaterThanOrEqual(2);
    expect(p.imageCount).toBeLessThanOrEqual(4);
    expect(p.look.base).toMatch(/^#[0-9a-f]{6}$/i);
    expect(p.look.accent).toMatch(/^#[0-9a-f]{6}$/i);
    expect(p.description.length).toBeGreaterThan(60);
  });
});
