import { describe, expect, it } from 'vitest';
import { namesAProductId, productIdOf, productPath, productSlug } from './product-url';

const ID = '0b7c6a52-8f1e-4b8e-9a53-2f3d1c0e9a11';

describe('productSlug', () => {
  it('lower-cases, drops apostrophes and accents, and joins words with single hyphens', () => {
    expect(productSlug("U.S. Polo Assn. Men's Oxford Shirt")).toBe(
      'u-s-polo-assn-mens-oxford-shirt',
    );
    expect(productSlug('  Café — Crème  Linen!! ')).toBe('cafe-creme-linen');
    expect(productSlug('Slim Fit 100% Cotton T-Shirt')).toBe('slim-fit-100-cotton-t-shirt');
  });

  it('is empty for a name with nothing to spell in ASCII, and stays short for a long one', () => {
    expect(productSlug('कुर्ता')).toBe('');
    const long = productSlug('word '.repeat(60));
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long).not.toMatch(/^-|-$/);
  });
});

describe('productPath and productIdOf', () => {
  it('puts the slug before the id, and reads the id back from either form', () => {
    const path = productPath({ _id: ID, name: 'Rare Rabbit Linen Shirt' });
    expect(path).toBe(`/product/rare-rabbit-linen-shirt-${ID}`);
    expect(productIdOf(path.slice('/product/'.length))).toBe(ID);
    expect(productIdOf(ID)).toBe(ID);
    expect(productIdOf(`an-old-name-${ID.toUpperCase()}`)).toBe(ID);
    expect(productPath({ _id: ID, name: '!!!' })).toBe(`/product/${ID}`);
  });

  it('leaves a parameter without a trailing id as it is', () => {
    expect(productIdOf('not-an-id')).toBe('not-an-id');
    expect(namesAProductId('not-an-id')).toBe(false);
    expect(namesAProductId(`shirt${ID}`)).toBe(false);
    expect(namesAProductId(`shirt-${ID}`)).toBe(true);
  });
});
