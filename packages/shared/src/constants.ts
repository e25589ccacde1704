/**
 * Every business number and list the shop uses, in one place, so that what a page promises
 * is what the code does (DESIGN.md §4). Both the storefront and the API import from here.
 */

export const SHOP_NAME = 'Vastra';
export const CURRENCY_SYMBOL = '₹';
export const CURRENCY_CODE = 'INR';

export const CATEGORIES = ['SHIRTS', 'T-SHIRTS', 'PANTS'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Brands are stored in a product's `subCategory`, spelled exactly as the spec lists them. */
export const BRANDS = [
  'USPOLO-ASSGN',
  'RARE-RABBIT',
  'ALLEN SOLLY',
  'SNITCH',
  'TOMMY HILFIGER',
  'SPYKAR',
] as const;
export type Brand = (typeof BRANDS)[number];

/** How each brand is written for people (the stored value stays the spec's code). */
export const BRAND_LABELS: Record<Brand, string> = {
  'USPOLO-ASSGN': 'U.S. Polo Assn.',
  'RARE-RABBIT': 'Rare Rabbit',
  'ALLEN SOLLY': 'Allen Solly',
  SNITCH: 'Snitch',
  'TOMMY HILFIGER': 'Tommy Hilfiger',
  SPYKAR: 'Spykar',
};

export const TOP_SIZES = ['S', 'M', 'L', 'XL', 'XXL'] as const;
export const WAIST_SIZES = ['28', '30', '32', '34', '36'] as const;
export const ALL_SIZES = [...TOP_SIZES, ...WAIST_SIZES] as const;
export type Size = (typeof ALL_SIZES)[number];

/** The struck-through "original" price is price / 0.65, rounded (spec §3, §9). */
export const ORIGINAL_PRICE_FACTOR = 0.65;

export const PRICE_FILTER = { min: 0, max: 2000, step: 100, default: 2000 } as const;

export const SORT_OPTIONS = [
  { value: 'relevant', label: 'Relevance' },
  { value: 'low-high', label: 'Low to High' },
  { value: 'high-low', label: 'High to Low' },
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number]['value'];

export const HOME_LATEST_COUNT = 14;
export const HOME_BESTSELLER_COUNT = 10;
export const RELATED_PRODUCTS_COUNT = 5;

/** Fixed review display on the product page (spec §2). */
export const PRODUCT_RATING = { stars: 4, outOf: 5, count: 122 } as const;

export const REQUEST_TIMEOUT_MS = 10_000;
export const TOAST_DEFAULTS = { position: 'top-right', autoClose: 5000, pauseOnHover: true } as const;

/** Checkout and policy numbers (DESIGN.md §4.2, §4.3, §4.9). */
export const DELIVERY_FEE = 49;
export const RETURN_WINDOW_DAYS = 7;
export const REFUND_DAYS = { min: 5, max: 7 } as const;
export const DELIVERY_DAYS = { min: 3, max: 7 } as const;
export const PROCESSING_DAYS = { min: 1, max: 2 } as const;
export const MIN_AGE = 18;

/** Limits the API enforces on input. */
export const LIMITS = {
  productNameMax: 120,
  productDescriptionMax: 2000,
  productImagesMax: 4,
  productPriceMax: 1_00_000,
  cartLineQuantityMax: 10,
  cartLinesMax: 20,
  bodyBytesMax: 64 * 1024,
} as const;

export const CONTACT = {
  storeName: 'Vastra Fashions Pvt. Ltd.',
  address: '21, 3rd Cross, Indiranagar 2nd Stage, Bengaluru, Karnataka 560038, India',
  phone: '+91 80 4567 8910',
  email: 'support@vastra.shop',
  hours: 'Every day, 10 AM to 10 PM',
} as const;
