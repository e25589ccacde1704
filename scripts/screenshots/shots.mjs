// What capture.mjs photographs: every route of apps/web/src/app/router.tsx and of the admin area
// (apps/web/src/app/routes/admin-routes.tsx), each under the slug its pictures are named with,
// and the few screens that need a click first. A `path` may be a function of the shop's data
// (the product shown, the order placed).

/** The shop's routes, in router.tsx's order; the last is the 404 page. */
export const SHOP_ROUTES = [
  { slug: 'home', path: '/' },
  { slug: 'collection', path: '/collection' },
  { slug: 'product', path: ({ product }) => `/product/${product._id}` },
  { slug: 'cart', path: '/cart' },
  { slug: 'about', path: '/about' },
  { slug: 'contact', path: '/contact' },
  { slug: 'refund-policy', path: '/refund-policy' },
  { slug: 'privacy-policy', path: '/privacy-policy' },
  { slug: 'terms-of-service', path: '/terms-of-service' },
  { slug: 'shipping-policy', path: '/shipping-policy' },
  { slug: 'login', path: '/login' },
  { slug: 'register', path: '/register' },
  { slug: 'forgot-password', path: '/forgot-password' },
  { slug: 'update-password', path: '/update-password' },
  { slug: 'profile', path: '/profile' },
  { slug: 'place-order', path: '/place-order' },
  { slug: 'orders', path: '/orders' },
  { slug: 'verify', path: '/verify' },
  { slug: 'not-found', path: '/no-such-page' },
];

/** /admin as a visitor (sent to /login) or a shopper (the staff-only page) sees it. */
const ADMIN_DOOR = { slug: 'admin', path: '/admin' };

/**
 * The slide-in menu; it exists below the md breakpoint only, so at 360 px only. Menus and
 * questions cover the window, not the page: their pictures are of the window (`windowOnly`).
 */
const MOBILE_MENU = {
  slug: 'mobile-menu',
  path: '/',
  widths: [360],
  windowOnly: true,
  async open(page) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
  },
};

/** The header's account menu of a logged-in shopper, opened by a click (a tap on a phone). */
const PROFILE_MENU = {
  slug: 'profile-menu',
  path: '/',
  windowOnly: true,
  async open(page, width) {
    const button = page.getByRole('button', { name: 'Account menu' });
    await (width < 768 ? button.tap() : button.click());
    await page.getByRole('menu', { name: 'Account' }).waitFor();
  },
};

/** The owner's screens (named without "admin-": the state's name says it); an order's details
 * are its card on the orders screen, shown here also under the question cancelling it asks. */
const ADMIN_ROUTES = [
  { slug: 'overview', path: '/admin' },
  { slug: 'products', path: '/admin/products' },
  { slug: 'product-new', path: '/admin/products/new' },
  { slug: 'product-edit', path: ({ product }) => `/admin/products/${product._id}` },
  { slug: 'stock-history', path: ({ product }) => `/admin/products/${product._id}/stock` },
  { slug: 'low-stock', path: '/admin/stock' },
  { slug: 'orders', path: '/admin/orders' },
  {
    slug: 'order-cancel-question',
    path: '/admin/orders',
    windowOnly: true,
    async open(page) {
      // Scrolled to by hand: the click's own scrolling may try several positions.
      const button = page.getByRole('button', { name: 'Cancel order' });
      await button.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await button.click();
      await page.getByRole('dialog').waitFor();
    },
  },
  { slug: 'coupons', path: '/admin/coupons' },
  { slug: 'videos', path: '/admin/videos' },
  { slug: 'not-found', path: '/admin/no-such-page' },
];

/**
 * The states in the order they are photographed; `session` names whose token the browser holds.
 * The order is placed between "shopper" and "ordered" (capture.mjs).
 */
export const STATES = [
  { state: 'guest', session: null, shots: [...SHOP_ROUTES, ADMIN_DOOR, MOBILE_MENU] },
  // Two lines in the cart.
  {
    state: 'shopper',
    session: 'shopper',
    shots: [...SHOP_ROUTES, ADMIN_DOOR, MOBILE_MENU, PROFILE_MENU],
  },
  // After one cash-on-delivery order; /verify is where a payment returns, here for that order.
  {
    state: 'ordered',
    session: 'shopper',
    shots: [
      { slug: 'cart', path: '/cart' },
      { slug: 'place-order', path: '/place-order' },
      { slug: 'orders', path: '/orders' },
      { slug: 'verify', path: ({ orderId }) => `/verify?success=true&orderId=${orderId}` },
    ],
  },
  { state: 'admin', session: 'admin', shots: ADMIN_ROUTES },
];
