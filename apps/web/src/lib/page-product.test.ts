import { afterEach, describe, expect, it } from 'vitest';
import { PRODUCT_DATA_ID } from '@vastra/shared/links/page-data';
import { makeProduct } from '@/test-fixtures';
import { catalogueKeys } from './catalogue-keys';
import { adoptPageProduct } from './page-product';
import { getQueryData, reset } from './query';

const product = makeProduct({
  _id: '0b7c6a3e-7a51-4d36-9d5e-1f3f1b3c2a10',
  name: 'Linen Shirt',
  stock: { S: 0, M: 2, L: 10 },
});

/** The element the server writes into a product page's <head> (docs/decisions/154). */
function carry(text: string): HTMLScriptElement {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PRODUCT_DATA_ID;
  element.textContent = text;
  document.head.append(element);
  return element;
}

afterEach(() => {
  reset([]);
  document.getElementById(PRODUCT_DATA_ID)?.remove();
});

describe('the product a page carries', () => {
  it('becomes the product page’s answer, once', () => {
    const element = carry(JSON.stringify({ success: true, product }));
    adoptPageProduct();
    expect(getQueryData(catalogueKeys.product(product._id))).toEqual(product);
    expect(element.isConnected).toBe(false);
  });

  it('is ignored when it is not the answer the API would give: the page asks the API', () => {
    for (const text of [
      '{not json',
      JSON.stringify({ success: true, product: { ...product, price: '1499' } }),
      JSON.stringify({ success: false, product }),
    ]) {
      carry(text);
      adoptPageProduct();
      expect(getQueryData(catalogueKeys.product(product._id)), text).toBeUndefined();
    }
  });

  it('does nothing on a page that carries none', () => {
    adoptPageProduct();
    expect(getQueryData(catalogueKeys.product(product._id))).toBeUndefined();
  });
});
