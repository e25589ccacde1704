/**
 * Where each endpoint of the table answers: its method and Fastify path, and nothing else
 * (docs/decisions/105-storefront-calls-from-the-endpoint-table.md). The entries of
 * `endpoints/<group>.ts` spread these in (`{ ...routes.cart.update, schema: … }`), so a path is
 * written once; this module imports nothing, so the storefront's first chunk can address its
 * calls without loading zod (docs/decisions/022). Only the groups a shopper's first screens call
 * are here; the rest are in `late-routes.ts`, loaded by the chunks that call them
 * (docs/decisions/131-late-routes.md).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An endpoint's address: what a client needs to send a request, without any schema. */
export interface Route {
  method: HttpMethod;
  /** Fastify's form: `/api/product/:id`. */
  url: string;
}

/** Where the local Razorpay emulator is served when no Razorpay keys are set (decision 060). */
export const RAZORPAY_EMULATOR_PREFIX = '/razorpay-emulator';

export const routes = {
  account: {
    registerOtp: { method: 'POST', url: '/api/user/registerotp' },
    passwordOtp: { method: 'POST', url: '/api/user/passwordotp' },
    resendOtp: { method: 'POST', url: '/api/user/resendotp' },
    verifyOtp: { method: 'POST', url: '/api/user/verifyotp' },
    register: { method: 'POST', url: '/api/user/register' },
    login: { method: 'POST', url: '/api/user/login' },
    forgotPassword: { method: 'POST', url: '/api/user/forgot-password' },
    me: { method: 'GET', url: '/api/user/me' },
    updateMe: { method: 'PATCH', url: '/api/user/me' },
  },
  catalog: {
    list: { method: 'GET', url: '/api/product/list' },
    /** One page of the collection, filtered, searched and sorted by the server (decision 139). */
    query: { method: 'GET', url: '/api/products' },
    bestsellers: { method: 'GET', url: '/api/product/bestsellers' },
    /** The home page's newest products; the related row; a cart's products (decision 146). */
    latest: { method: 'GET', url: '/api/product/latest' },
    related: { method: 'GET', url: '/api/product/:id/related' },
    byIds: { method: 'GET', url: '/api/product/by-ids' },
    product: { method: 'GET', url: '/api/product/:id' },
    videos: { method: 'GET', url: '/api/videos' },
  },
  cart: {
    get: { method: 'POST', url: '/api/cart/get' },
    add: { method: 'POST', url: '/api/cart/add' },
    update: { method: 'POST', url: '/api/cart/update' },
  },
  coupons: {
    list: { method: 'GET', url: '/api/coupon/list' },
    check: { method: 'POST', url: '/api/coupon/check' },
  },
  orders: {
    options: { method: 'GET', url: '/api/order/options' },
    place: { method: 'POST', url: '/api/order/place' },
    razorpay: { method: 'POST', url: '/api/order/razorpay' },
    verifyRazorpay: { method: 'POST', url: '/api/order/verifyRazorpay' },
    verify: { method: 'POST', url: '/api/order/verify' },
    list: { method: 'POST', url: '/api/order/userorders' },
    count: { method: 'POST', url: '/api/order/ordercount' },
    /** Open the payment window again for the shopper's open online order (decision 110). */
    resume: { method: 'POST', url: '/api/order/resume' },
    /** Cancel one of the shopper's orders before it ships (docs/decisions/118-order-life.md). */
    cancel: { method: 'POST', url: '/api/order/cancel' },
    /** One of the shopper's orders with its timeline, shipment, refunds and returns. */
    detail: { method: 'GET', url: '/api/order/:id' },
    /** A tax invoice or credit note of one of the shopper's orders, as a PDF (decision 124). */
    document: { method: 'GET', url: '/api/order/:id/documents/:documentId' },
    /** Where Razorpay (or the emulator) posts its signed webhooks. */
    webhook: { method: 'POST', url: '/api/webhooks/razorpay' },
  },
  payments: {
    mode: { method: 'GET', url: '/api/payment/mode' },
  },
  /** What the home page's hero draws: the owner's pick or the newest products (decision 147). */
  home: {
    hero: { method: 'GET', url: '/api/home/hero' },
  },
} as const satisfies Record<string, Record<string, Route>>;

export type Routes = typeof routes;
