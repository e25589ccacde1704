import { BRANDS, CATEGORIES } from '@vastra/shared/constants';
import type { Product, ProductListResponse, ProductResponse } from '@vastra/shared/schemas/product';
import type { ResponseSchema } from './api-client';

/**
 * Hand-written checks of the product answers, equivalent to the zod contracts in
 * @vastra/shared (a test holds them to the same verdicts). zod itself is ~25 KB gzip, a quarter
 * of the home page's JavaScript budget, so the storefront does not ship it (docs/decisions/022).
 */
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((s) => typeof s === 'string');
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const categories = new Set<unknown>(CATEGORIES);
const brands = new Set<unknown>(BRANDS);

export function isProduct(v: unknown): v is Product {
  return (
    isObject(v) &&
    typeof v._id === 'string' &&
    typeof v.name === 'string' &&
    typeof v.description === 'string' &&
    isInt(v.price) &&
    v.price >= 0 &&
    isStringArray(v.image) &&
    categories.has(v.category) &&
    brands.has(v.subCategory) &&
    isStringArray(v.sizes) &&
    isInt(v.date)
  );
}

/** Keeps only the fields of the contract, as zod's object parsing does. */
function pick(p: Product): Product {
  const { _id, name, description, price, image, category, subCategory, sizes, date } = p;
  return { _id, name, description, price, image, category, subCategory, sizes, date };
}

export const productListResponse: ResponseSchema<ProductListResponse> = {
  safeParse: (v) =>
    isObject(v) && v.success === true && Array.isArray(v.products) && v.products.every(isProduct)
      ? { success: true, data: { success: true, products: v.products.map(pick) } }
      : { success: false },
};

export const productResponse: ResponseSchema<ProductResponse> = {
  safeParse: (v) =>
    isObject(v) && v.success === true && isProduct(v.product)
      ? { success: true, data: { success: true, product: pick(v.product) } }
      : { success: false },
};
