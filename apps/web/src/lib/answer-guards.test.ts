import { describe, expect, it } from 'vitest';
import { productListResponseSchema, productResponseSchema } from '@vastra/shared/schemas/product';
import { productListResponse, productResponse } from './product-guard';

// The storefront's light checks must give the same verdicts as the shared zod contracts.
const good = {
  _id: '0b7c6a3e-7a51-4d36-9d5e-1f3f1b3c2a10',
  name: 'Linen Shirt',
  description: 'Breathable linen.',
  price: 1499,
  image: ['/uploads/products/a-1.webp', '/uploads/products/a-2.webp'],
  category: 'SHIRTS',
  subCategory: 'ALLEN SOLLY',
  sizes: ['S', 'M', 'L'],
  date: 1_700_000_000_000,
};
const variants: [string, unknown][] = [
  ['a valid product', good],
  ['extra fields', { ...good, bestseller: true }],
  ['no pictures yet', { ...good, image: [] }],
  ['a fractional price', { ...good, price: 12.5 }],
  ['a negative price', { ...good, price: -1 }],
  ['a price as text', { ...good, price: '1499' }],
  ['an unknown category', { ...good, category: 'SAREES' }],
  ['a lower-case brand', { ...good, subCategory: 'snitch' }],
  ['a missing name', { ...good, name: undefined }],
  ['a picture that is not a string', { ...good, image: [1] }],
  ['sizes not a list', { ...good, sizes: 'S,M' }],
  ['no date', { ...good, date: undefined }],
  ['null', null],
  ['an array', [good]],
];

describe('product answer checks agree with the shared contracts', () => {
  it.each(variants)('list with %s', (_, product) => {
    const body = { success: true, products: [good, product] };
    const ours = productListResponse.safeParse(body);
    const theirs = productListResponseSchema.safeParse(body);
    expect(ours.success).toBe(theirs.success);
    if (ours.success && theirs.success) expect(ours.data).toEqual(theirs.data);
  });

  it.each(variants)('single product with %s', (_, product) => {
    const body = { success: true, product };
    const ours = productResponse.safeParse(body);
    const theirs = productResponseSchema.safeParse(body);
    expect(ours.success).toBe(theirs.success);
    if (ours.success && theirs.success) expect(ours.data).toEqual(theirs.data);
  });

  it.each([
    ['success false', { success: false, products: [] }],
    ['no products', { success: true }],
    ['products not a list', { success: true, products: {} }],
  ])('refuses a list answer with %s', (_, body) => {
    expect(productListResponse.safeParse(body).success).toBe(false);
    expect(productListResponseSchema.safeParse(body).success).toBe(false);
  });
});
