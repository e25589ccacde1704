/**
 * What crawlers may read (docs/decisions/141-links-that-travel.md): the shop's pages, not the
 * owner's area, the API, or a shopper's own pages (cart, checkout, orders, account).
 */
const PRIVATE_PATHS = [
  '/admin',
  '/api/',
  '/cart',
  '/place-order',
  '/verify',
  '/orders',
  '/profile',
  '/wishlist',
  '/login',
  '/register',
  '/forgot-password',
  '/update-password',
  '/razorpay-emulator/',
  '/dev/',
];

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
