import { RAZORPAY_EMULATOR_PREFIX, type Route } from './routes';

/**
 * The routes of the groups called only from lazily loaded chunks (the admin area, the order page,
 * the account's address book and wishlist, the delivery check, the product page's reviews) or
 * never by the storefront (the emulator, operations, development): kept out of the shopper's
 * first chunk, whose JavaScript has a budget (docs/decisions/131-late-routes.md). Same rules as `routes.ts`: method and path only.
 */
export const lateRoutes = {
  /** The cart page's own edits: a line's size (docs/decisions/144-cart-edits.md). */
  cartEdits: {
    resize: { method: 'POST', url: '/api/cart/resize' },
  },
  /** The shopper's address book and wishlist (docs/decisions/129). */
  addresses: {
    list: { method: 'GET', url: '/api/addresses' },
    create: { method: 'POST', url: '/api/addresses' },
    update: { method: 'PUT', url: '/api/addresses/:id' },
    remove: { method: 'DELETE', url: '/api/addresses/:id' },
    makeDefault: { method: 'POST', url: '/api/addresses/:id/default' },
  },
  wishlist: {
    list: { method: 'GET', url: '/api/wishlist' },
    add: { method: 'POST', url: '/api/wishlist' },
    remove: { method: 'DELETE', url: '/api/wishlist/:productId' },
    moveToCart: { method: 'POST', url: '/api/wishlist/:productId/cart' },
  },
  /** Ratings and reviews of products, and the owner's moderation (docs/decisions/136). */
  reviews: {
    list: { method: 'GET', url: '/api/reviews/:productId' },
    mine: { method: 'GET', url: '/api/reviews/:productId/mine' },
    save: { method: 'PUT', url: '/api/reviews/:productId/mine' },
    remove: { method: 'DELETE', url: '/api/reviews/:productId/mine' },
    adminList: { method: 'GET', url: '/api/admin/reviews' },
    adminHide: { method: 'POST', url: '/api/admin/reviews/:id/hide' },
    adminShow: { method: 'POST', url: '/api/admin/reviews/:id/show' },
  },
  delivery: {
    /** Whether, by when and how the shop delivers to a PIN code (docs/decisions/128). */
    check: { method: 'GET', url: '/api/delivery/:pin' },
    settings: { method: 'GET', url: '/api/admin/delivery' },
    saveSettings: { method: 'PUT', url: '/api/admin/delivery' },
  },
  /** The owner's pick for the home page's hero (docs/decisions/147-owner-picks-the-home-hero.md). */
  homeHero: {
    get: { method: 'GET', url: '/api/admin/home-hero' },
    save: { method: 'PUT', url: '/api/admin/home-hero' },
    uploadBanner: { method: 'POST', url: '/api/admin/home-hero/banner' },
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
  /** The admin's monthly GST report (docs/decisions/125-gst-report.md). */
  taxReport: {
    adminReport: { method: 'GET', url: '/api/admin/tax-report' },
    adminReportCsv: { method: 'GET', url: '/api/admin/tax-report.csv' },
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
  /** What links and crawlers read: a product page's HTML, the sitemap, robots.txt (decision 141). */
  pages: {
    /** The home page, with its hero picture preloaded (docs/decisions/146). */
    home: { method: 'GET', url: '/' },
    /** The collection, with its first card's picture preloaded (docs/decisions/151). */
    collection: { method: 'GET', url: '/collection' },
    product: { method: 'GET', url: '/product/:slugOrId' },
    sitemap: { method: 'GET', url: '/sitemap.xml' },
    sitemapFile: { method: 'GET', url: '/sitemaps/:file' },
    robots: { method: 'GET', url: '/robots.txt' },
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

export type LateRoutes = typeof lateRoutes;
