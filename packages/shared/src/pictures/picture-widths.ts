/**
 * Every product picture the shop stores is kept in two widths with one naming rule
 * (docs/decisions/148-picture-widths.md): `…/products/<name>-w800.webp`, the URL a product's
 * `image` list holds, and `…/products/<name>-w400.webp` beside it. The admin's uploads
 * (decision 081) and the seed's demo pictures (decision 009) are both named so, which lets the
 * storefront find the small copy from the URL alone: the product list keeps one URL per picture.
 * Kept free of zod and of any import: the home chunk's product card uses it.
 */

/** The stored widths in pixels: the first is the one in a product's `image` list. */
export const PICTURE_WIDTHS = [800, 400] as const;
export type PictureWidth = (typeof PICTURE_WIDTHS)[number];

/** `products/upload-ab12` + 400 → `products/upload-ab12-w400.webp`: a store key or a URL. */
export function pictureName(stem: string, width: PictureWidth): string {
  return `${stem}-w${width}.webp`;
}

/**
 * A URL the rule made: a store key's characters in the file name (file-store.ts), in a `products`
 * folder, ending `-w800.webp`. Anything else (another host's picture, rows written before the rule)
 * has no known smaller copy.
 */
const STORED_PICTURE = /^(.*\/products\/[A-Za-z0-9_-][A-Za-z0-9._-]*)-w800\.webp$/;

/**
 * The `srcset` of a product picture (`…-w400.webp 400w, …-w800.webp 800w`), or undefined when the
 * URL does not follow the rule: then the `src` alone is shown, as before.
 */
export function pictureSrcset(url: string): string | undefined {
  const stem = STORED_PICTURE.exec(url)?.[1];
  if (stem === undefined) return undefined;
  return [...PICTURE_WIDTHS]
    .reverse()
    .map((width) => `${pictureName(stem, width)} ${width}w`)
    .join(', ');
}
