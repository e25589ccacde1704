import { BRAND_LABELS, CURRENCY_CODE, SHOP_NAME, type Brand } from '@vastra/shared/constants';
import { COLLECTION_DATA_ID, HOME_DATA_ID, PRODUCT_DATA_ID } from '@vastra/shared/links/page-data';
import type { CatalogueAnswer } from '@vastra/shared/schemas/catalogue-query';
import { productPath } from '@vastra/shared/links/product-url';
import { PICTURE_SIZES } from '@vastra/shared/pictures/picture-sizes';
import { pictureSrcset } from '@vastra/shared/pictures/picture-widths';
import { formatPrice } from '@vastra/shared/pricing/money';
import type { HomeHero } from '@vastra/shared/schemas/home-hero';
import type { Product } from '@vastra/shared/schemas/product';

/**
 * The <head> tags a page answers with before any JavaScript runs: what WhatsApp, X, Facebook and
 * search engines read of a shared link (docs/decisions/141-links-that-travel.md). Every value is
 * HTML-escaped here, once, so a product name with quotes or `<script>` stays text.
 */

/** The built index.html's own title and description: every page that is not a product's. */
export interface ShellDefaults {
  title: string;
  description: string;
}

/** As long as the product page's own meta description (apps/web/src/features/product/product-page.tsx). */
const DESCRIPTION_CHARS = 155;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Safe as element text and as a double- or single-quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** The entities a built index.html may hold in its title or description, back to text. */
function unescapeHtml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

const TITLE = /<title>([\s\S]*?)<\/title>/i;
const DESCRIPTION = /<meta\s+name="description"\s+content="([^"]*)"\s*\/?>/i;

/** Reads the title and description the storefront's index.html was built with. */
export function shellDefaults(html: string): ShellDefaults {
  return {
    title: unescapeHtml(TITLE.exec(html)?.[1]?.trim() ?? SHOP_NAME),
    description: unescapeHtml(DESCRIPTION.exec(html)?.[1]?.trim() ?? ''),
  };
}

/** `Linen Shirt | Vastra`: the storefront's title pattern (apps/web/src/lib/document-meta.ts). */
function pageTitle(title: string): string {
  return title.includes(SHOP_NAME) ? title : `${title} | ${SHOP_NAME}`;
}

function meta(kind: 'name' | 'property', key: string, value: string): string {
  return `<meta ${kind}="${key}" content="${escapeHtml(value)}" />`;
}

/**
 * index.html with `title`, `description` and `tags` in its <head>: the built title and description
 * are replaced, the other tags go before </head>.
 */
function withHead(html: string, title: string, description: string, tags: string[]): string {
  const titleTag = `<title>${escapeHtml(title)}</title>`;
  const descriptionTag = description ? meta('name', 'description', description) : '';
  const head = TITLE.test(html) ? [] : [titleTag];
  let out = TITLE.test(html) ? html.replace(TITLE, () => titleTag) : html;
  if (DESCRIPTION.test(out)) out = out.replace(DESCRIPTION, () => descriptionTag);
  else if (descriptionTag) head.push(descriptionTag);
  return out.replace('</head>', () => `${head.concat(tags).join('\n    ')}\n  </head>`);
}

/**
 * The collection: the default page naming the route's chunks (decision 149) and, for the
 * collection as it first opens, its first page: the first card's picture preloaded (decision
 * 151), in the widths the card takes, and the `GET /api/products` answer itself, so the
 * storefront draws the cards in its first render (decision 165).
 */
export function collectionShell(
  html: string,
  chunks: readonly string[],
  firstPage?: CatalogueAnswer,
): string {
  const firstCardPicture = firstPage?.products[0]?.image[0];
  return defaultShell(html, [
    ...(firstCardPicture ? [picturePreload(firstCardPicture, PICTURE_SIZES.collection)] : []),
    ...modulePreloads(chunks),
    ...(firstPage ? [pageData(COLLECTION_DATA_ID, firstPage)] : []),
  ]);
}

/** What the home page's first screen shows, each part as its endpoint answers it (decision 165). */
export interface HomeFirstScreen {
  hero: { success: true; hero: HomeHero };
  latest: { success: true; products: Product[] };
  bestsellers: { success: true; products: Product[] };
}

/**
 * The home page: the default page with its hero's first picture preloaded, so the browser
 * fetches the largest paint with the HTML, not after the script and its API call
 * (docs/decisions/146-screens-ask-for-what-they-show.md), and what its first screen shows — the
 * hero, the latest row and the best sellers — so the first render draws them (decision 165).
 */
export function homeShell(html: string, first?: HomeFirstScreen): string {
  if (!first) return defaultShell(html);
  const { hero } = first.hero;
  const picture = hero.pictures[0];
  const sizes = hero.kind === 'banner' ? PICTURE_SIZES.heroBanner : PICTURE_SIZES.heroProduct;
  return defaultShell(html, [
    ...(picture ? [picturePreload(picture.src, sizes)] : []),
    pageData(HOME_DATA_ID, first),
  ]);
}

/**
 * The route's own chunks, fetched with the first script (route-chunks.ts); written as Vite writes
 * index.html's own, `crossorigin` included, so the module requests reuse them.
 */
export function modulePreloads(chunks: readonly string[]): string[] {
  return chunks.map(
    (href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`,
  );
}

/**
 * Fetches the page's largest paint with the HTML, at the priority the <img> itself asks for, and
 * in the width it will take: the same `srcset` and `sizes` as the <img> (decision 148), or the
 * browser would fetch the picture a second time in the other width.
 */
function picturePreload(src: string, sizes: string): string {
  const srcset = pictureSrcset(src);
  const widths = srcset
    ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}"`
    : '';
  return `<link rel="preload" as="image" href="${escapeHtml(src)}"${widths} fetchpriority="high" />`;
}

/** Every page but a product's: the shop's own title and description, shared as a website. */
export function defaultShell(html: string, extraTags: readonly string[] = []): string {
  const { title, description } = shellDefaults(html);
  return withHead(html, title, description, [
    ...extraTags,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SHOP_NAME),
    meta('property', 'og:title', title),
    ...(description ? [meta('property', 'og:description', description)] : []),
    meta('name', 'twitter:card', 'summary'),
  ]);
}

/** `₹1,299 · Rare Rabbit · Pure linen, cut slim…`: the price first, as a chat preview shows it. */
function shareDescription(product: Product): string {
  const brand = BRAND_LABELS[product.subCategory as Brand] ?? product.subCategory;
  return `${formatPrice(product.price)} · ${brand} · ${product.description}`.slice(
    0,
    DESCRIPTION_CHARS * 2,
  );
}

/**
 * JSON that stays JSON inside a <script> element: `<` is written as `\u003c`, so no text in it
 * (a description holding `</script>`) can end the element, and U+2028/2029 as escapes too.
 */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => {
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** An answer the page carries for the storefront's first render (decisions 154, 165). */
function pageData(id: string, answer: unknown): string {
  return `<script type="application/json" id="${id}">${scriptJson(answer)}</script>`;
}

/**
 * A product's page: its title, description, canonical readable URL and share tags, every URL
 * absolute on `origin` (the shop's public URL, decision 141); its first picture preloaded (the
 * gallery's main picture is the page's largest paint, decision 149); and the product itself, as
 * `GET /api/product/:id` answers it, so the storefront draws the product in its first render
 * instead of after one more round trip (docs/decisions/154-product-page-carries-its-product.md).
 */
export function productShell(
  html: string,
  product: Product,
  origin: string,
  chunks: readonly string[] = [],
): string {
  const url = new URL(productPath(product), origin).href;
  const [first] = product.image;
  const image = first ? new URL(first, origin).href : undefined;
  const shared = shareDescription(product);
  const tags = [
    ...(first
      ? [
          picturePreload(
            first,
            // As the gallery draws it: beside its thumbnails when there is more than one picture.
            product.image.length > 1 ? PICTURE_SIZES.gallery : PICTURE_SIZES.galleryAlone,
          ),
        ]
      : []),
    ...modulePreloads(chunks),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', 'product'),
    meta('property', 'og:site_name', SHOP_NAME),
    meta('property', 'og:title', product.name),
    meta('property', 'og:description', shared),
    meta('property', 'og:url', url),
    ...(image
      ? [meta('property', 'og:image', image), meta('property', 'og:image:alt', product.name)]
      : []),
    meta('property', 'product:price:amount', product.price.toFixed(2)),
    meta('property', 'product:price:currency', CURRENCY_CODE),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', product.name),
    meta('name', 'twitter:description', shared),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    pageData(PRODUCT_DATA_ID, { success: true, product }),
  ];
  return withHead(
    html,
    pageTitle(product.name),
    product.description.slice(0, DESCRIPTION_CHARS),
    tags,
  );
}
