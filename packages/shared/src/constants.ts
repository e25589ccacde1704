/**
 * Every business number and list the shop uses, in one place, so that what a page promises
 * is what the code does (docs/architecture.md §4). Both the storefront and the API import from here.
 */

export const SHOP_NAME = 'Vastra';
export const CURRENCY_SYMBOL = '₹';
export const CURRENCY_CODE = 'INR';

export const CATEGORIES = ['SHIRTS', 'T-SHIRTS', 'PANTS'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Brands are stored in a product's `subCategory`, spelled exactly as docs/product.md lists them. */
export const BRANDS = [
  'USPOLO-ASSGN',
  'RARE-RABBIT',
  'ALLEN SOLLY',
  'SNITCH',
  'TOMMY HILFIGER',
  'SPYKAR',
] as const;
export type Brand = (typeof BRANDS)[number];

/** How each brand is written for people (the stored value stays docs/product.md's code). */
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

/**
 * The collection's price slider (docs/product.md §9): 0–2000 in steps of 100, default 2000, price ≤ value.
 * At its top position it means "₹2,000 and above too", so the catalogue's dearer pieces stay
 * findable (docs/decisions/011-price-slider-top-means-any-price.md).
 */
export const PRICE_FILTER = { min: 0, max: 2000, step: 100, default: 2000 } as const;

export const HOME_LATEST_COUNT = 14;
export const HOME_BESTSELLER_COUNT = 10;
export const RELATED_PRODUCTS_COUNT = 5;

export const REQUEST_TIMEOUT_MS = 10_000;
export const TOAST_DEFAULTS = {
  position: 'top-right',
  autoClose: 5000,
  pauseOnHover: true,
} as const;

/** Checkout and policy numbers (docs/architecture.md §4.2, §4.3, §4.9). */
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

/**
 * The home page's demo clips. The API seeds its videos table with these files and serves
 * them under MEDIA_VIDEOS_PATH; the storefront falls back to the same URLs when the list fails.
 * The clips are made by apps/api/scripts/make-demo-videos.ts.
 */
export const MEDIA_VIDEOS_PATH = '/media/videos/';
export const DEMO_VIDEOS = [
  { key: 'new-season', file: 'new-season.webm', title: 'New season: shirts, T-shirts and pants' },
  {
    key: 'premium-cotton',
    file: 'premium-cotton.webm',
    title: 'Premium cotton, breathable and soft',
  },
  {
    key: 'easy-returns',
    file: 'easy-returns.webm',
    title: 'Easy returns within the return window',
  },
  { key: 'delivery-india', file: 'delivery-india.webm', title: 'Delivered across India' },
] as const;

/** Home carousel and reviews slider (docs/product.md §4, §9; docs/architecture.md §4.8). */
export const VIDEO_CAROUSEL = {
  perPageWide: 4,
  perPageNarrow: 1,
  wideMinWidth: 1024,
  rotateMs: 3000,
} as const;
export const REVIEWS_SLIDER = {
  rotateMs: 4000,
  pauseAfterClickMs: 8000,
  twoUpMinWidth: 768,
  threeUpMinWidth: 1280,
} as const;

/**
 * The free-delivery coupon as the shipping policy states it (docs/architecture.md §4.1). The coupons issue
 * seeds its FREEDEL row from this constant, so the policy and the checkout agree.
 */
export const FREE_DELIVERY_COUPON = {
  code: 'FREEDEL',
  minSubtotal: 2000,
  maxEarlierOrders: 2,
} as const;

/** The shop ships only here (docs/architecture.md §4.9). */
export const SHIPPING_COUNTRY = 'India';

/** More ways to reach the shop (contact page). Links the shopper follows; nothing loads from these hosts. */
export const SUPPORT_LINKS = {
  /** WhatsApp chat with the support number. */
  chatUrl: 'https://wa.me/918045678910',
  chatLabel: 'Chat with us on WhatsApp',
  mapUrl:
    'https://www.google.com/maps/search/?api=1&query=Indiranagar+2nd+Stage%2C+Bengaluru%2C+Karnataka+560038',
} as const;

/**
 * Grievance officer, as India's Consumer Protection (E-Commerce) Rules, 2020 require: named on the
 * contact page and in the terms, acknowledging a complaint within 48 hours and resolving it within
 * one month.
 */
export const GRIEVANCE_OFFICER = {
  name: 'Ananya Rao',
  designation: 'Grievance Officer',
  email: 'grievance@vastra.shop',
  phone: '+91 80 4567 8911',
  address: CONTACT.address,
  hours: 'Monday to Saturday, 10 AM to 6 PM',
  acknowledgeHours: 48,
  resolveDays: 30,
} as const;

/**
 * Accounts: OTP and password rules. The server enforces them; the storefront shows the
 * same numbers (the 30 s countdown, the 8-character minimum).
 */
export const ACCOUNT = {
  otpLength: 6,
  otpValidityMinutes: 10,
  otpResendSeconds: 30,
  otpMaxAttempts: 5,
  /** OTP mails per e-mail address per hour, both purposes together. */
  otpSendsPerHour: 5,
  /** How long a verified register OTP allows signing up. */
  registerWindowMinutes: 30,
  /** How long a verified password OTP allows setting a new password. */
  passwordResetWindowMinutes: 10,
  passwordMinLength: 8,
  passwordMaxLength: 128,
  nameMaxLength: 80,
  emailMaxLength: 254,
  sessionDays: 7,
} as const;

/** Validation texts both sides show, word for word as docs/product.md §5 writes them. */
export const ACCOUNT_MESSAGES = {
  enterEmail: 'Please enter your email',
  invalidEmail: 'Please enter a valid email',
  enterOtp: 'Please enter the OTP',
  invalidOtp: 'The OTP is the 6-digit code from the email',
  enterName: 'Please enter your name',
  enterPassword: 'Please enter your password',
  enterNewPassword: 'Please enter new password',
  passwordTooShort: `Password must be at least ${ACCOUNT.passwordMinLength} characters long`,
  passwordTooLong: `Password must be at most ${ACCOUNT.passwordMaxLength} characters long`,
  verifyEmailFirst: 'Please verify your email first',
  resendWait: (seconds: number) => `Please wait ${seconds} seconds before requesting a new OTP`,
} as const;
