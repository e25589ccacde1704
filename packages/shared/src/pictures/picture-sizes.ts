/**
 * How wide each layout draws a product picture, as the `sizes` attribute: with the `srcset` of
 * `pictureSrcset` (400 px and 800 px copies) the browser then fetches the smaller copy wherever it
 * is enough for the screen's pixels (docs/decisions/148-picture-widths.md).
 *
 * Worked out from the layouts' classes, at Tailwind's breakpoints (sm 40rem, md 48rem, lg 64rem,
 * xl 80rem): `container-shop` is at most 80rem (1280 px) wide with 16 px of padding a side, 24 px
 * from sm and 32 px from lg, so its content is 100vw − 32/48/64 px, and 1216 px from xl. Change
 * these with the classes they copy; the browser test `apps/web/e2e/picture-widths.spec.ts` measures
 * each picture against its `sizes` at 360 and 1366 px. In the shared package because the server's
 * HTML preloads the hero's and a product page's first picture with the same `imagesizes`: a preload
 * whose sizes differ from the `<img>`'s would fetch the picture twice.
 */

/** Largest breakpoint first: the browser takes the first condition that holds. */
function sizes(xl: string, lg: string, md: string, sm: string, phone: string): string {
  return [
    `(min-width: 80rem) ${xl}`,
    `(min-width: 64rem) ${lg}`,
    `(min-width: 48rem) ${md}`,
    `(min-width: 40rem) ${sm}`,
    phone,
  ].join(', ');
}

export const PICTURE_SIZES = {
  /**
   * ProductGrid across the page, as the home rows and related products use it (`wide`): 2 columns
   * (16 px apart, 24 px from sm), 3 from md, 4 from lg, 5 from xl.
   */
  row: sizes(
    '224px',
    'calc(25vw - 34px)',
    'calc(33.33vw - 32px)',
    'calc(50vw - 36px)',
    'calc(50vw - 24px)',
  ),
  /** The same grid with 4 columns at xl too (the wishlist). */
  grid: sizes(
    '286px',
    'calc(25vw - 34px)',
    'calc(33.33vw - 32px)',
    'calc(50vw - 36px)',
    'calc(50vw - 24px)',
  ),
  /**
   * The collection's grid, beside its filters from sm (208 px, 240 px from lg, 40 px gap): 2
   * columns, 3 from md, 4 from lg.
   */
  collection: sizes(
    '216px',
    'calc(25vw - 104px)',
    'calc(33.33vw - 115px)',
    'calc(50vw - 160px)',
    'calc(50vw - 24px)',
  ),
  /**
   * The product page's main picture: the page's width on a phone, its first half from md (gaps
   * 40 px, 64 px from lg); from sm the thumbnails take 18 % of that and 16 px beside it.
   */
  gallery: sizes(
    '456px',
    'calc(41vw - 68px)',
    'calc(41vw - 52px)',
    'calc(82vw - 55px)',
    'calc(100vw - 32px)',
  ),
  /** The same with a single picture: no thumbnails beside it. */
  galleryAlone: sizes(
    '576px',
    'calc(50vw - 64px)',
    'calc(50vw - 44px)',
    'calc(100vw - 48px)',
    'calc(100vw - 32px)',
  ),
  /**
   * The home hero's product pictures (apps/web/src/features/home/hero.tsx): two side by side in
   * the frame's picture half from md (its whole width below), 8 px padding and gap, 12 px from sm.
   */
  heroProduct: sizes(
    '286px',
    'calc(25vw - 34px)',
    'calc(25vw - 30px)',
    'calc(50vw - 42px)',
    'calc(50vw - 28px)',
  ),
  /** The hero's banner: across the picture half, inside the same padding. */
  heroBanner: sizes(
    '584px',
    'calc(50vw - 56px)',
    'calc(50vw - 48px)',
    'calc(100vw - 72px)',
    'calc(100vw - 48px)',
  ),
  /** The gallery's thumbnails: 22 % of the page's width on a phone, 18 % of the column from sm. */
  galleryThumb: sizes(
    '100px',
    'calc(9vw - 15px)',
    'calc(9vw - 12px)',
    'calc(18vw - 13px)',
    'calc(22vw - 11px)',
  ),
} as const;
