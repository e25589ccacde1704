import { describe, expect, it } from 'vitest';
import { endpoints } from '@vastra/shared/api/endpoints';
import type { ResponseSchema } from './api-client';
import { answerGuards, type GuardedEndpoint } from './answer-guards';

/**
 * Each hand-written guard must give the same verdict and the same data as the 200 schema its
 * endpoint has in the table — the schema `call` would load if the guard were not registered
 * (docs/decisions/022, 105). The fixtures are typed by the registry: a new guard without fixtures
 * does not compile.
 */
const product = {
  _id: '0b7c6a3e-7a51-4d36-9d5e-1f3f1b3c2a10',
  name: 'Linen Shirt',
  description: 'Breathable linen.',
  price: 1499,
  mrp: 2306,
  image: ['/uploads/products/a-1.webp', '/uploads/products/a-2.webp'],
  category: 'SHIRTS',
  subCategory: 'ALLEN SOLLY',
  sizes: ['S', 'M', 'L'],
  date: 1_700_000_000_000,
  stock: { S: 0, M: 2, L: 10 },
};
const productVariants: [string, unknown][] = [
  ['a valid product', product],
  ['extra fields', { ...product, bestseller: true }],
  ['no pictures yet', { ...product, image: [] }],
  ['a fractional price', { ...product, price: 12.5 }],
  ['a negative price', { ...product, price: -1 }],
  ['a price as text', { ...product, price: '1499' }],
  ['no MRP (null)', { ...product, mrp: null }],
  ['the MRP left out', { ...product, mrp: undefined }],
  ['an MRP of 0', { ...product, mrp: 0 }],
  ['a fractional MRP', { ...product, mrp: 2306.5 }],
  ['an MRP as text', { ...product, mrp: '2306' }],
  ['an unknown category', { ...product, category: 'SAREES' }],
  ['a lower-case brand', { ...product, subCategory: 'snitch' }],
  ['a missing name', { ...product, name: undefined }],
  ['a picture that is not a string', { ...product, image: [1] }],
  ['sizes not a list', { ...product, sizes: 'S,M' }],
  ['no date', { ...product, date: undefined }],
  ['no stock', { ...product, stock: undefined }],
  ['stock not a map', { ...product, stock: [0, 2, 10] }],
  ['stock of no sizes', { ...product, stock: {} }],
  ['a negative stock', { ...product, stock: { S: -1, M: 2, L: 10 } }],
  ['a fractional stock', { ...product, stock: { S: 0.5, M: 2, L: 10 } }],
  ['a stock as text', { ...product, stock: { S: '0', M: 2, L: 10 } }],
  ['null', null],
  ['an array', [product]],
];
const productLists: [string, unknown][] = [
  ...productVariants.map(([label, p]): [string, unknown] => [
    `a list with ${label}`,
    { success: true, products: [product, p] },
  ]),
  ['an empty list', { success: true, products: [] }],
  ['success false', { success: false, products: [] }],
  ['no products', { success: true }],
  ['products not a list', { success: true, products: {} }],
];

/** A collection page: cards without descriptions, one picture each (decision 163). */
const { description: _described, ...card } = { ...product, image: [product.image[0]] };
const facets = {
  category: [
    { value: 'SHIRTS', count: 1 },
    { value: 'PANTS', count: 0 },
  ],
  brand: [{ value: 'ALLEN SOLLY', count: 1 }],
  size: [{ value: 'M', count: 1 }],
};
const page = {
  success: true,
  products: [card],
  total: 1,
  nextCursor: null,
  facets,
  searchedFor: ['linen'],
};
const oneOf = (image: unknown) => (image === product.image ? [product.image[0]] : image);
const cataloguePages: [string, unknown][] = [
  ...productVariants
    .filter(([label]) => !['a valid product', 'null', 'an array'].includes(label))
    .map(([label, p]): [string, unknown] => [
      `a card with ${label}`,
      // The product's two pictures made one, as a card has; any other pictures as they are.
      {
        ...page,
        products: [card, { ...(p as object), image: oneOf((p as typeof product).image) }],
      },
    ]),
  ['a valid page', page],
  ['a card with its description (dropped)', { ...page, products: [{ ...card, description: 'x' }] }],
  ['a card with two pictures', { ...page, products: [{ ...card, image: product.image }] }],
  ['a card that is null', { ...page, products: [null] }],
  ['no products', { ...page, products: [] }],
  ['extra fields', { ...page, took: 3, facets: { ...facets, colour: [] } }],
  ['a next page', { ...page, nextCursor: 'WyJsb3ctaGlnaCJd' }],
  ['a numeric cursor', { ...page, nextCursor: 3 }],
  ['no cursor', { ...page, nextCursor: undefined }],
  ['a negative total', { ...page, total: -1 }],
  ['a fractional total', { ...page, total: 1.5 }],
  ['a total as text', { ...page, total: '1' }],
  ['no facets', { ...page, facets: undefined }],
  ['a facet group missing', { ...page, facets: { category: [], brand: [] } }],
  ['a facet count negative', { ...page, facets: { ...facets, size: [{ value: 'M', count: -1 }] } }],
  ['a facet count as text', { ...page, facets: { ...facets, size: [{ value: 'M', count: '1' }] } }],
  ['a facet value missing', { ...page, facets: { ...facets, size: [{ count: 1 }] } }],
  [
    'a facet with extra fields',
    { ...page, facets: { ...facets, size: [{ value: 'M', count: 1, x: 1 }] } },
  ],
  ['search words not text', { ...page, searchedFor: [1] }],
  ['no search words', { ...page, searchedFor: undefined }],
  ['success false', { ...page, success: false }],
];

const video = { _id: 'a', videoUrl: '/media/videos/a.webm', title: 'A' };
const cartLine = '6f1c2f9e-8a43-4c5e-9a53-0d0b7b0f4a11';
const cartChanges: [string, unknown][] = [
  ['a changed line', { success: true, message: 'Cart updated', quantity: 2 }],
  ['a removed line', { success: true, message: 'Removed from the cart', quantity: 0 }],
  ['extra fields', { success: true, message: 'Cart updated', quantity: 2, cartData: {} }],
  ['a negative quantity', { success: true, message: 'Cart updated', quantity: -1 }],
  ['a fractional quantity', { success: true, message: 'Cart updated', quantity: 1.5 }],
  ['no message', { success: true, quantity: 2 }],
  ['no quantity', { success: true, message: 'Cart updated' }],
  ['success false', { success: false, message: 'Cart updated', quantity: 2 }],
  ['null', null],
];

const picture = {
  src: '/uploads/products/a-1.webp',
  alt: 'Linen Shirt',
  href: '/product/linen-shirt-1',
};
const banner = { src: '/uploads/products/upload-b-w800.webp', alt: 'Linen for summer', href: null };
const heroAnswer = (hero: unknown) => ({ success: true, hero });

const review = {
  _id: '3d0c8f5e-1b2a-4c6d-8e9f-0a1b2c3d4e5f',
  productId: product._id,
  authorName: 'Priya S.',
  rating: 4,
  fit: 'true',
  body: 'Soft, and true to size.',
  isDemo: false,
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_100_000,
};
const summary = {
  average: 4.3,
  count: 3,
  byStars: { 1: 0, 2: 0, 3: 1, 4: 0, 5: 2 },
  fit: { small: 1, true: 1, large: 0 },
};
const reviewPage = (changes: object) => ({
  success: true,
  summary,
  reviews: [review],
  nextCursor: null,
  ...changes,
});

const fixtures: { [N in GuardedEndpoint]: [string, unknown][] } = {
  'catalog.list': productLists,
  'catalog.query': cataloguePages,
  'catalog.bestsellers': productLists,
  'catalog.latest': productLists,
  'catalog.related': productLists,
  'catalog.byIds': productLists,
  'catalog.product': [
    ...productVariants.map(([label, p]): [string, unknown] => [
      label,
      { success: true, product: p },
    ]),
    ['success false', { success: false, product }],
    ['no product', { success: true }],
  ],
  'catalog.videos': [
    ['a valid list', { success: true, videos: [video] }],
    ['an empty list', { success: true, videos: [] }],
    ['extra fields', { success: true, videos: [{ ...video, position: 3 }], extra: 1 }],
    ['an empty url', { success: true, videos: [{ ...video, videoUrl: '' }] }],
    ['a missing title', { success: true, videos: [{ _id: 'a', videoUrl: '/x.webm' }] }],
    ['a numeric id', { success: true, videos: [{ ...video, _id: 1 }] }],
    ['a clip that is null', { success: true, videos: [null] }],
    ['success false', { success: false, videos: [] }],
    ['a bare array', [video]],
    ['null', null],
  ],
  'home.hero': [
    ['two products', heroAnswer({ kind: 'products', pictures: [picture, picture] })],
    ['a banner', heroAnswer({ kind: 'banner', pictures: [banner] })],
    ['an empty shop', heroAnswer({ kind: 'products', pictures: [] })],
    [
      'extra fields',
      { ...heroAnswer({ kind: 'banner', pictures: [{ ...banner, w: 1 }], x: 1 }), y: 2 },
    ],
    ['three pictures', heroAnswer({ kind: 'products', pictures: [picture, picture, picture] })],
    ['an unknown kind', heroAnswer({ kind: 'newest', pictures: [picture] })],
    ['a missing alt', heroAnswer({ kind: 'products', pictures: [{ ...picture, alt: undefined }] })],
    [
      'a missing link',
      heroAnswer({ kind: 'products', pictures: [{ ...picture, href: undefined }] }),
    ],
    ['a numeric src', heroAnswer({ kind: 'products', pictures: [{ ...picture, src: 1 }] })],
    ['pictures not a list', heroAnswer({ kind: 'products', pictures: picture })],
    ['no hero', { success: true }],
    ['success false', { success: false, hero: { kind: 'banner', pictures: [] } }],
    ['null', null],
  ],
  'payments.mode': [
    ['the emulator', { success: true, mode: 'emulator' }],
    ['Razorpay', { success: true, mode: 'razorpay' }],
    ['extra fields', { success: true, mode: 'emulator', extra: 1 }],
    ['an unknown mode', { success: true, mode: 'stripe' }],
    ['success false', { success: false, mode: 'emulator' }],
    ['no mode', { success: true }],
    ['no success', { mode: 'emulator' }],
    ['null', null],
    ['text', 'emulator'],
    ['an array', []],
  ],
  'cart.get': [
    ['an empty cart', { success: true, cartData: {} }],
    ['a cart', { success: true, cartData: { [cartLine]: { M: 2, L: 1 }, other: { '32': 10 } } }],
    [
      'a cart with a removal notice',
      {
        success: true,
        cartData: {},
        removed: ['Linen Shirt'],
        message: 'No longer available: Linen Shirt',
      },
    ],
    ['extra fields', { success: true, cartData: {}, total: 3 }],
    ['success false', { success: false, cartData: {} }],
    ['no cartData', { success: true }],
    ['cartData an array', { success: true, cartData: [] }],
    ['cartData null', { success: true, cartData: null }],
    ['sizes not a map', { success: true, cartData: { [cartLine]: 3 } }],
    ['sizes an array', { success: true, cartData: { [cartLine]: [1] } }],
    ['a quantity as text', { success: true, cartData: { [cartLine]: { M: '2' } } }],
    ['a fractional quantity', { success: true, cartData: { [cartLine]: { M: 1.5 } } }],
    ['an unsafe quantity', { success: true, cartData: { [cartLine]: { M: 2 ** 53 } } }],
    ['removed not a list', { success: true, cartData: {}, removed: 'Linen Shirt' }],
    ['a removed name not text', { success: true, cartData: {}, removed: [1] }],
    ['a message that is not text', { success: true, cartData: {}, message: 3 }],
    [
      'units held by the shopper’s open order',
      { success: true, cartData: { [cartLine]: { M: 2 } }, held: { [cartLine]: { M: 2 } } },
    ],
    ['held not a map', { success: true, cartData: {}, held: [] }],
    ['held sizes not a map', { success: true, cartData: {}, held: { [cartLine]: 2 } }],
    ['held units as text', { success: true, cartData: {}, held: { [cartLine]: { M: '2' } } }],
    ['not an object', 'cart'],
    ['null', null],
  ],
  'reviews.list': [
    ['a page', reviewPage({})],
    ['a page with more after it', reviewPage({ nextCursor: '1700000000000.abc' })],
    ['no reviews yet', reviewPage({ summary: { ...summary, average: 0, count: 0 }, reviews: [] })],
    ['fit not said', reviewPage({ reviews: [{ ...review, fit: null }] })],
    ['a demo review', reviewPage({ reviews: [{ ...review, isDemo: true }] })],
    [
      'extra fields',
      reviewPage({
        summary: { ...summary, byStars: { ...summary.byStars, 6: 1 }, median: 4 },
        reviews: [{ ...review, hiddenReason: 'spam' }],
        total: 3,
      }),
    ],
    ['0 stars', reviewPage({ reviews: [{ ...review, rating: 0 }] })],
    ['6 stars', reviewPage({ reviews: [{ ...review, rating: 6 }] })],
    ['half a star', reviewPage({ reviews: [{ ...review, rating: 4.5 }] })],
    ['an unknown fit', reviewPage({ reviews: [{ ...review, fit: 'loose' }] })],
    ['no author', reviewPage({ reviews: [{ ...review, authorName: undefined }] })],
    ['demo as text', reviewPage({ reviews: [{ ...review, isDemo: 'no' }] })],
    ['a date as text', reviewPage({ reviews: [{ ...review, createdAt: '2026-11-24' }] })],
    ['an average as text', reviewPage({ summary: { ...summary, average: '4.3' } })],
    ['a fractional count', reviewPage({ summary: { ...summary, count: 2.5 } })],
    ['a star count missing', reviewPage({ summary: { ...summary, byStars: { 1: 0, 5: 2 } } })],
    ['fit counts missing', reviewPage({ summary: { ...summary, fit: undefined } })],
    ['no summary', reviewPage({ summary: undefined })],
    ['reviews not a list', reviewPage({ reviews: review })],
    ['a review that is null', reviewPage({ reviews: [null] })],
    ['no cursor', reviewPage({ nextCursor: undefined })],
    ['a numeric cursor', reviewPage({ nextCursor: 5 })],
    ['success false', reviewPage({ success: false })],
    ['null', null],
  ],
  'cart.add': cartChanges,
  'cart.update': cartChanges,
};

function contractOf(name: GuardedEndpoint): ResponseSchema<unknown> {
  const [group, key] = name.split('.') as [keyof typeof endpoints, string];
  const entry = (endpoints[group] as Record<string, { schema: { response?: object } }>)[key];
  return (entry?.schema.response as Record<number, ResponseSchema<unknown>>)[200]!;
}

describe.each(Object.keys(answerGuards) as GuardedEndpoint[])(
  '%s: the guard agrees with the table’s answer schema',
  (name) => {
    const cases = fixtures[name];

    it('is tried on answers it accepts and answers it refuses', () => {
      const verdicts = new Set(cases.map(([, body]) => contractOf(name).safeParse(body).success));
      expect(verdicts).toEqual(new Set([true, false]));
    });

    it.each(cases)('%s', (_, body) => {
      const ours = answerGuards[name].safeParse(body);
      const theirs = contractOf(name).safeParse(body);
      expect(ours.success).toBe(theirs.success);
      if (ours.success && theirs.success) expect(ours.data).toEqual(theirs.data);
    });
  },
);
