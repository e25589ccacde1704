/**
 * The product page's readable address, `/product/<slug>-<id>` (docs/decisions/141-links-that-travel.md):
 * the storefront's links and the server's canonical URL, sitemap and share tags all come from here.
 * Kept free of zod and of any import: the home chunk's product card uses it.
 */

/** A product id (a UUID) at the end of the address's last segment, after a `-` or on its own. */
const TRAILING_ID = /(?:^|-)([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
/** Long names make long links; the id, not the slug, names the product. */
const SLUG_MAX_CHARS = 80;

/** `U.S. Polo Assn. Men's Oxford Shirt` → `u-s-polo-assn-mens-oxford-shirt`: lower-case ASCII, hyphens. */
export function productSlug(name: string): string {
  return (
    name
      // é → e + accent, then the accent goes; letters with no ASCII form go with the punctuation.
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/['’]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, SLUG_MAX_CHARS)
      .replace(/^-+|-+$/g, '')
  );
}

/** The readable path of a product; a name with nothing to spell in ASCII gives `/product/<id>`. */
export function productPath(product: { _id: string; name: string }): string {
  const slug = productSlug(product.name);
  return `/product/${slug ? `${slug}-` : ''}${product._id}`;
}

/**
 * The product id in `/product/:slugOrId`'s parameter: its trailing UUID, lower-cased (a bare id
 * still resolves, a stale slug too). A parameter that ends in no UUID is returned as it is, for the
 * caller to refuse as it refuses any other malformed id.
 */
export function productIdOf(slugOrId: string): string {
  const match = TRAILING_ID.exec(slugOrId);
  return match?.[1] ? match[1].toLowerCase() : slugOrId;
}

/** Whether `productIdOf` found an id (a UUID) in the parameter. */
export function namesAProductId(slugOrId: string): boolean {
  return TRAILING_ID.test(slugOrId);
}
