/**
 * Where each endpoint of the table answers: its method and Fastify path, and nothing else
 * (docs/decisions/105-storefront-calls-from-the-endpoint-table.md). The entries of
 * `endpoints/<group>.ts` spread these in (`{ ...routes.cart.update, schema: … }`), so a path is
 * written once; this module imports nothing, so the storefront's first chunk can address every
 * call without loading zod (docs/decisions/022).
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
  },
  catalog: {
    list: { method: 'GET', url: '/api/product/list' },
    bestsellers: { method: 'GET', url: '/api/product/bestsellers' },
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
  admin: {
    overview: { method: 'GET', url: '/api/admin/overview' },
    productList: { method: 'GET', url: '/api/admin/products' },
    productCreate: { method: 'POST', url: '/api/admin/products' },
    productGet: { method: 'GET', url: '/api/admin/products/:id' },
    productUpdate: { method: 'PATCH', url: '/api/admin/products/:id' },
    productAddImages: { method: 'POST', url: '/api/admin/products/:id/images' },
    productDelete: { method: 'DELETE', url: '/api/admin/products/:id' },
    stockMovements: { method: 'GET', url: '/api/admin/products/:id/stock-movements' },
    stockLow: { method: 'GET', url: '/api/admin/stock/low' },
    orderList: { method: 'GET', url: '/api/admin/orders' },
    orderGet: { method: 'GET', url: '/api/admin/orders/:id' },
    orderStatus: { method: 'POST', url: '/api/admin/orders/:id/status' },
    orderPaid: { method: 'POST', url: '/api/admin/orders/:id/paid' },
    /** Any tax invoice or credit note, as a PDF (decision 124). */
    document: { method: 'GET', url: '/api/admin/documents/:documentId' },
    couponList: { method: 'GET', url: '/api/admin/coupons' },
    couponCreate: { method: 'POST', url: '/api/admin/coupons' },
    couponUpdate: { method: 'PATCH', url: '/api/admin/coupons/:id' },
    videoList: { method: 'GET', url: '/api/admin/videos' },
    videoAddUrl: { method: 'POST', url: '/api/admin/videos' },
    videoUpload: { method: 'POST', url: '/api/admin/videos/upload' },
    videoOrder: { method: 'PUT', url: '/api/admin/videos/order' },
    videoUpdate: { method: 'PATCH', url: '/api/admin/videos/:id' },
    videoDelete: { method: 'DELETE', url: '/api/admin/videos/:id' },
  },
  /** Refunds of paid orders, for the admin (docs/decisions/119-refunds-and-webhook-retries.md). */
  refunds: {
    adminList: { method: 'GET', url: '/api/admin/refunds' },
    adminRetry: { method: 'POST', url: '/api/admin/refunds/:id/retry' },
    adminPaidOut: { method: 'POST', url: '/api/admin/refunds/:id/paid-out' },
  },
  /** Returns and size exchanges (docs/decisions/120-returns-and-exchanges.md). */
  returns: {
    quote: { method: 'POST', url: '/api/order/return/quote' },
    create: { method: 'POST', url: '/api/order/return' },
    adminList: { method: 'GET', url: '/api/admin/returns' },
    adminMove: { method: 'POST', url: '/api/admin/returns/:id/state' },
  },
  razorpayEmulator: {
    createOrder: { method: 'POST', url: `${RAZORPAY_EMULATOR_PREFIX}/v1/orders` },
    order: { method: 'GET', url: `${RAZORPAY_EMULATOR_PREFIX}/v1/orders/:id` },
    orderPayments: { method: 'GET', url: `${RAZORPAY_EMULATOR_PREFIX}/v1/orders/:id/payments` },
    payment: { method: 'GET', url: `${RAZORPAY_EMULATOR_PREFIX}/v1/payments/:id` },
    refund: { method: 'POST', url: `${RAZORPAY_EMULATOR_PREFIX}/v1/payments/:id/refund` },
    paymentRefunds: { method: 'GET', url: `${RAZORPAY_EMULATOR_PREFIX}/v1/payments/:id/refunds` },
    refundGet: { method: 'GET', url: `${RAZORPAY_EMULATOR_PREFIX}/v1/refunds/:id` },
    checkoutScript: { method: 'GET', url: `${RAZORPAY_EMULATOR_PREFIX}/checkout.js` },
    checkoutStyles: { method: 'GET', url: `${RAZORPAY_EMULATOR_PREFIX}/checkout.css` },
    pay: { method: 'POST', url: `${RAZORPAY_EMULATOR_PREFIX}/checkout/pay` },
  },
  operations: {
    health: { method: 'GET', url: '/healthz' },
    ready: { method: 'GET', url: '/readyz' },
    metrics: { method: 'GET', url: '/metrics' },
  },
  development: {
    outbox: { method: 'GET', url: '/dev/outbox' },
    outboxJson: { method: 'GET', url: '/dev/outbox.json' },
    docs: { method: 'GET', url: '/api/docs' },
    openapi: { method: 'GET', url: '/api/docs/openapi.json' },
  },
} as const satisfies Record<string, Record<string, Route>>;

export type Routes = typeof routes;
