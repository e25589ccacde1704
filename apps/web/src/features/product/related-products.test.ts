import { describe, expect, it } from 'vitest';
import { RELATED_PRODUCTS_COUNT } from '@vastra/shared/constants';
import { relatedProducts } from './related-products';

const p = (_id: string, category: string, subCategory: string) => ({ _id, category, subCategory });

describe('relatedProducts', () => {
  const current = p('x', 'SHIRTS', 'SNITCH');
  const list = [
    p('a', 'SHIRTS', 'SNITCH'),
    p('x', 'SHIRTS', 'SNITCH'),
    p('b', 'SHIRTS', 'SPYKAR'),
    p('c', 'PANTS', 'SNITCH'),
    p('d', 'SHIRTS', 'SNITCH'),
    p('e', 'SHIRTS', 'SNITCH'),
    p('f', 'SHIRTS', 'SNITCH'),
    p('g', 'SHIRTS', 'SNITCH'),
    p('h', 'SHIRTS', 'SNITCH'),
  ];

  it('takes same category AND same brand, never the product itself, up to the limit, in list order', () => {
    expect(RELATED_PRODUCTS_COUNT).toBe(5);
    expect(relatedProducts(list, current).map((r) => r._id)).toEqual(['a', 'd', 'e', 'f', 'g']);
  });

  it('gives fewer (or none) when the catalogue has fewer', () => {
    expect(relatedProducts(list, p('c', 'PANTS', 'SNITCH'))).toEqual([]);
    expect(relatedProducts(list, p('z', 'SHIRTS', 'SPYKAR')).map((r) => r._id)).toEqual(['b']);
  });
});
