import type { EndpointAnswer } from '@vastra/shared/api/endpoints';
import { BRANDS, CATEGORIES } from '@vastra/shared/constants';
import type { CartGetResponse, CartChangeResponse } from '@vastra/shared/schemas/cart';
import type {
  CatalogueAnswer,
  CatalogueItem,
  FacetCount,
} from '@vastra/shared/schemas/catalogue-query';
import type { HomeHeroPicture, HomeHeroResponse } from '@vastra/shared/schemas/home-hero';
import type { PaymentMode, PaymentModeResponse } from '@vastra/shared/schemas/payment';
import type { Product, ProductListResponse, ProductResponse } from '@vastra/shared/schemas/product';
import type { Review, ReviewListResponse, ReviewSummary } from '@vastra/shared/schemas/review';
import { REVIEW_FITS, REVIEW_LIMITS } from '@vastra/shared/review-text';
import type { Video, VideoListResponse } from '@vastra/shared/schemas/video';
import type { CallableEndpoint, ResponseSchema } from './api-client';

/**
 * The answers the first chunk reads, and those of the product and cart pages, checked by hand:
 * zod is ~25 KB gzip, a quarter of the home page's JavaScript budget (docs/decisions/022), and
 * these pages load none. Each guard is registered below as the check of
 * its endpoint, and `answer-guards.test.ts` holds it to that endpoint's zod answer schema in the
 * table: same verdict, same data (unknown fields dropped, as zod's objects do). Every other
 * answer is checked with the table's own schema, loaded with the call (docs/decisions/105).
 */

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((s) => typeof s === 'string');
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
/** A map of whole numbers: a cart's quantities by size, a product's units by size. */
const isQuantities = (v: unknown): v is Record<string, number> =>
  isObject(v) && Object.values(v).every(isInt);
const categories = new Set<unknown>(CATEGORIES);
const brands = new Set<unknown>(BRANDS);

/** A guard from a check that answers the data to keep, or undefined to refuse. */
function guard<T>(check: (v: Record<string, unknown>) => T | undefined): ResponseSchema<T> {
  return {
    safeParse: (v) => {
      const data = isObject(v) && v.success === true ? check(v) : undefined;
      return data === undefined ? { success: false } : { success: true, data };
    },
  };
}

// ── Catalogue ──

/** What a product and a collection card have alike: all but the description and the pictures. */
function hasCardFields(v: Record<string, unknown>): boolean {
  return (
    typeof v._id === 'string' &&
    typeof v.name === 'string' &&
    isInt(v.price) &&
    v.price >= 0 &&
    (v.mrp === null || (isInt(v.mrp) && v.mrp > 0)) &&
    categories.has(v.category) &&
    brands.has(v.subCategory) &&
    isStringArray(v.sizes) &&
    isInt(v.date) &&
    // Units by size, 0 for sold out (docs/decisions/110).
    isQuantities(v.stock) &&
    Object.values(v.stock).every((n) => n >= 0)
  );
}

function isProduct(v: unknown): v is Product {
  return (
    isObject(v) && typeof v.description === 'string' && isStringArray(v.image) && hasCardFields(v)
  );
}

function pickProduct(p: Product): Product {
  return { ...pickCatalogueItem(p), description: p.description };
}

const productListAnswer = guard<ProductListResponse>(({ products }) =>
  Array.isArray(products) && products.every(isProduct)
    ? { success: true, products: products.map(pickProduct) }
    : undefined,
);

/** A collection card: no description, its first picture only (catalogueItemSchema). */
function isCatalogueItem(v: unknown): v is CatalogueItem {
  return isObject(v) && isStringArray(v.image) && v.image.length <= 1 && hasCardFields(v);
}

function pickCatalogueItem(p: CatalogueItem): CatalogueItem {
  const { _id, name, price, mrp, image, category, subCategory, sizes, date, stock } = p;
  return { _id, name, price, mrp, image, category, subCategory, sizes, date, stock };
}

/** A filter group's counts, picked; undefined when one is not a value with a whole count. */
function facetCounts(v: unknown): FacetCount[] | undefined {
  const isCount = (c: unknown): c is FacetCount =>
    isObject(c) && typeof c.value === 'string' && isInt(c.count) && c.count >= 0;
  return Array.isArray(v) && v.every(isCount)
    ? v.map(({ value, count }) => ({ value, count }))
    : undefined;
}

/** The collection's page (decision 163): checked by hand, so the collection loads no zod. */
const catalogueAnswer = guard<CatalogueAnswer>(
  ({ products, total, nextCursor, facets, searchedFor }) => {
    if (!Array.isArray(products) || !products.every(isCatalogueItem)) return undefined;
    if (!isInt(total) || total < 0) return undefined;
    if (nextCursor !== null && typeof nextCursor !== 'string') return undefined;
    if (!isObject(facets) || !isStringArray(searchedFor)) return undefined;
    const [category, brand, size] = [facets.category, facets.brand, facets.size].map(facetCounts);
    if (!category || !brand || !size) return undefined;
    return {
      success: true,
      products: products.map(pickCatalogueItem),
      total,
      nextCursor,
      facets: { category, brand, size },
      searchedFor: [...searchedFor],
    };
  },
);

const productAnswer = guard<ProductResponse>(({ product }) =>
  isProduct(product) ? { success: true, product: pickProduct(product) } : undefined,
);

const isVideo = (v: unknown): v is Video =>
  isObject(v) &&
  typeof v._id === 'string' &&
  typeof v.videoUrl === 'string' &&
  v.videoUrl.length > 0 &&
  typeof v.title === 'string';

const videoListAnswer = guard<VideoListResponse>(({ videos }) =>
  Array.isArray(videos) && videos.every(isVideo)
    ? {
        success: true,
        videos: videos.map(({ _id, videoUrl, title }) => ({ _id, videoUrl, title })),
      }
    : undefined,
);

// ── The home page's hero (docs/decisions/147-owner-picks-the-home-hero.md) ──

const isHeroPicture = (v: unknown): v is HomeHeroPicture =>
  isObject(v) &&
  typeof v.src === 'string' &&
  typeof v.alt === 'string' &&
  (v.href === null || typeof v.href === 'string');

const homeHeroAnswer = guard<HomeHeroResponse>(({ hero }) =>
  isObject(hero) &&
  (hero.kind === 'products' || hero.kind === 'banner') &&
  Array.isArray(hero.pictures) &&
  hero.pictures.length <= 2 &&
  hero.pictures.every(isHeroPicture)
    ? {
        success: true,
        hero: {
          kind: hero.kind,
          pictures: hero.pictures.map(({ src, alt, href }) => ({ src, alt, href })),
        },
      }
    : undefined,
);

// ── A product's reviews: the product page's stars, its tab count and its reviews section ──

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const fits = new Set<unknown>(REVIEW_FITS);

/** The counts a summary holds, picked in order: undefined when one is missing or not whole. */
function counts<K extends string>(v: unknown, keys: readonly K[]): Record<K, number> | undefined {
  if (!isObject(v) || !keys.every((key) => isInt(v[key]))) return undefined;
  return Object.fromEntries(keys.map((key) => [key, v[key]])) as Record<K, number>;
}

function reviewSummary(v: unknown): ReviewSummary | undefined {
  if (!isObject(v) || !isNumber(v.average) || !isInt(v.count)) return undefined;
  const byStars = counts(v.byStars, ['1', '2', '3', '4', '5']);
  const fit = counts(v.fit, REVIEW_FITS);
  return byStars && fit ? { average: v.average, count: v.count, byStars, fit } : undefined;
}

const isReview = (v: unknown): v is Review =>
  isObject(v) &&
  typeof v._id === 'string' &&
  typeof v.productId === 'string' &&
  typeof v.authorName === 'string' &&
  isInt(v.rating) &&
  v.rating >= 1 &&
  v.rating <= REVIEW_LIMITS.starsOutOf &&
  (v.fit === null || fits.has(v.fit)) &&
  typeof v.body === 'string' &&
  typeof v.isDemo === 'boolean' &&
  isInt(v.createdAt) &&
  isInt(v.updatedAt);

function pickReview(r: Review): Review {
  const { _id, productId, authorName, rating, fit, body, isDemo, createdAt, updatedAt } = r;
  return { _id, productId, authorName, rating, fit, body, isDemo, createdAt, updatedAt };
}

/**
 * Checked by hand so that a visitor's product page loads no zod (decision 154): the stars beside
 * the name wait for this answer.
 */
const reviewListAnswer = guard<ReviewListResponse>(({ summary, reviews, nextCursor }) => {
  const checked = reviewSummary(summary);
  if (!checked || !Array.isArray(reviews) || !reviews.every(isReview)) return undefined;
  if (nextCursor !== null && typeof nextCursor !== 'string') return undefined;
  return { success: true, summary: checked, reviews: reviews.map(pickReview), nextCursor };
});

// ── Payments: every shop page asks who takes payments (the test-mode banner) ──

/** Written out rather than imported: schemas/payment.ts brings zod. A new mode fails to compile. */
const paymentModes: Record<PaymentMode, true> = { razorpay: true, emulator: true };
const isPaymentMode = (v: unknown): v is PaymentMode =>
  typeof v === 'string' && Object.hasOwn(paymentModes, v);

const paymentModeAnswer = guard<PaymentModeResponse>(({ mode }) =>
  isPaymentMode(mode) ? { success: true, mode } : undefined,
);

// ── Cart: the header's count, and the changes made from the product and cart pages ──

const isCartMap = (v: unknown): v is CartGetResponse['cartData'] =>
  isObject(v) && Object.values(v).every(isQuantities);

const cartAnswer = guard<CartGetResponse>(({ cartData, removed, message, held }) => {
  if (!isCartMap(cartData)) return undefined;
  if (removed !== undefined && !isStringArray(removed)) return undefined;
  if (message !== undefined && typeof message !== 'string') return undefined;
  // Units of the lines the shopper's own open order holds (docs/decisions/110, 111).
  if (held !== undefined && !isCartMap(held)) return undefined;
  return {
    success: true,
    cartData,
    ...(removed === undefined ? {} : { removed }),
    ...(message === undefined ? {} : { message }),
    ...(held === undefined ? {} : { held }),
  };
});

const cartChangeAnswer = guard<CartChangeResponse>(({ message, quantity }) =>
  typeof message === 'string' && isInt(quantity) && quantity >= 0
    ? { success: true, message, quantity }
    : undefined,
);

/** The endpoints checked by hand; `call` loads the table's schema for every other one. */
export const answerGuards = {
  'catalog.list': productListAnswer,
  'catalog.query': catalogueAnswer,
  'catalog.bestsellers': productListAnswer,
  'catalog.latest': productListAnswer,
  'catalog.related': productListAnswer,
  'catalog.byIds': productListAnswer,
  'catalog.product': productAnswer,
  'catalog.videos': videoListAnswer,
  'home.hero': homeHeroAnswer,
  'payments.mode': paymentModeAnswer,
  'reviews.list': reviewListAnswer,
  'cart.get': cartAnswer,
  'cart.add': cartChangeAnswer,
  'cart.update': cartChangeAnswer,
} as const satisfies { [N in CallableEndpoint]?: ResponseSchema<EndpointAnswer<N>> };

export type GuardedEndpoint = keyof typeof answerGuards;
