import { describe, expect, it } from 'vitest';
import { HOME_BESTSELLER_COUNT } from '@vastra/shared/constants';
import type { Product } from '@vastra/shared/schemas/product';
import { rankBestsellers } from './bestsellers';

/** Product p1 … pN, p1 the oldest (one minute apart), as the list keeps them (oldest first). */
function catalogue(n: number): Product[] {
  return Array.from({ length: n }, (_, i) => ({
    _id: `p${i + 1}`,
    name: `Product ${i + 1}`,
    description: '',
    price: 999,
    mrp: null,
    image: [],
    category: 'SHIRTS',
    subCategory: 'SNITCH',
    sizes: ['M'],
    date: Date.UTC(2025, 0, 1) + i * 60_000,
    stock: { M: 10 },
  }));
}
const ids = (list: Product[]) => list.map((p) => p._id);
const sales = (entries: Record<string, number>) => new Map(Object.entries(entries));

describe('rankBestsellers (docs/architecture.md §4.7)', () => {
  it('with no sales, is the 10 newest products, newest first', () => {
    expect(HOME_BESTSELLER_COUNT).toBe(10);
    expect(ids(rankBestsellers(catalogue(20), sales({})))).toEqual([
      'p20',
      'p19',
      'p18',
      'p17',
      'p16',
      'p15',
      'p14',
      'p13',
      'p12',
      'p11',
    ]);
  });

  it('puts sold products first, most units first, then tops up with the newest unsold', () => {
    const ranked = rankBestsellers(catalogue(20), sales({ p3: 5, p7: 12, p19: 1 }));
    expect(ids(ranked)).toEqual([
      'p7',
      'p3',
      'p19',
      'p20',
      'p18',
      'p17',
      'p16',
      'p15',
      'p14',
      'p13',
    ]);
  });

  it('breaks a tie in units towards the newer product', () => {
    expect(ids(rankBestsellers(catalogue(5), sales({ p1: 4, p4: 4, p2: 4 }), 3))).toEqual([
      'p4',
      'p2',
      'p1',
    ]);
  });

  it('with ten or more sold, is the ten best sellers only (no top-up)', () => {
    const counts: Record<string, number> = {};
    for (let i = 1; i <= 12; i++) counts[`p${i}`] = i; // p12 sold most
    const ranked = rankBestsellers(catalogue(30), sales(counts));
    expect(ids(ranked)).toEqual(['p12', 'p11', 'p10', 'p9', 'p8', 'p7', 'p6', 'p5', 'p4', 'p3']);
  });

  it('ignores sales of products the shop no longer lists, and zero or negative counts', () => {
    const ranked = rankBestsellers(catalogue(4), sales({ gone: 100, p1: 0, p2: -3, p3: 2 }), 3);
    expect(ids(ranked)).toEqual(['p3', 'p4', 'p2']);
  });

  it('returns every product when the shop has fewer than ten, each once', () => {
    const ranked = rankBestsellers(catalogue(4), sales({ p2: 1 }));
    expect(ids(ranked)).toEqual(['p2', 'p4', 'p3', 'p1']);
    expect(rankBestsellers([], sales({ p1: 3 }))).toEqual([]);
  });

  it('does not depend on the order the list is given in', () => {
    const list = catalogue(15);
    const shuffled = [...list].reverse();
    const counts = sales({ p5: 2, p9: 2, p1: 7 });
    expect(ids(rankBestsellers(shuffled, counts))).toEqual(ids(rankBestsellers(list, counts)));
  });
});
