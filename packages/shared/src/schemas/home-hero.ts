import { z } from 'zod';
import { idSchema, text } from './common';

/**
 * What the home page's hero shows (docs/product.md §1 hero; docs/decisions/147-owner-picks-the-home-hero.md):
 * the owner's pick of up to two products, an uploaded banner, or — nothing picked — the two newest
 * products. The texts beside the pictures (TRENDING NOW, the title, Shop Now) never change.
 */

/** `newest`: nothing picked; `products`: the owner's products; `banner`: the uploaded picture. */
export const HOME_HERO_KINDS = ['newest', 'products', 'banner'] as const;
export type HomeHeroKind = (typeof HOME_HERO_KINDS)[number];

export const HOME_HERO_LIMITS = {
  /** The hero's picture side holds two products' pictures. */
  productsMax: 2,
  altMax: 160,
} as const;

export const HOME_HERO_MESSAGES = {
  kind: 'Choose what the hero shows: the newest products, products you pick, or a banner',
  productsCount: `Pick one or ${HOME_HERO_LIMITS.productsMax} products`,
  productTwice: 'The same product is picked twice',
  unknownProduct: 'A picked product is not in the shop any more: pick another one',
  noPicture: 'A picked product has no picture: add one to it, or pick another product',
  alt: `Describe the banner in a few words (1 to ${HOME_HERO_LIMITS.altMax} characters), for shoppers who cannot see it`,
  noBanner: 'Upload a banner picture first',
  bannerFile: 'Choose one picture for the banner',
  tooManyFiles: 'Upload one picture for the banner',
  saved: 'The home page hero is saved',
  bannerSaved: 'The banner is uploaded and shown on the home page',
} as const;

// ── What the storefront draws ──

export const homeHeroPictureSchema = z.object({
  src: z.string(),
  alt: z.string(),
  /** The product page the picture leads to; null for the banner (Shop Now is its link). */
  href: z.string().nullable(),
});
export type HomeHeroPicture = z.infer<typeof homeHeroPictureSchema>;

/**
 * `products`: one or two products' first pictures (the owner's, filled up with the newest); `banner`:
 * one picture across the picture side. No pictures only for a shop without a pictured product.
 */
export const homeHeroSchema = z.object({
  kind: z.enum(['products', 'banner']),
  pictures: z.array(homeHeroPictureSchema).max(HOME_HERO_LIMITS.productsMax),
});
export type HomeHero = z.infer<typeof homeHeroSchema>;

export const homeHeroResponseSchema = z.object({
  success: z.literal(true),
  hero: homeHeroSchema,
});
export type HomeHeroResponse = z.infer<typeof homeHeroResponseSchema>;

// ── The owner's choice ──

const bannerAlt = text({ error: HOME_HERO_MESSAGES.alt })
  .trim()
  .min(1, HOME_HERO_MESSAGES.alt)
  .max(HOME_HERO_LIMITS.altMax, HOME_HERO_MESSAGES.alt);

/** The body of PUT /api/admin/home-hero. `banner` shows the banner uploaded last, with this text. */
export const homeHeroChoiceSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('newest') }),
    z.object({
      kind: z.literal('products'),
      productIds: z
        .array(idSchema, { error: HOME_HERO_MESSAGES.productsCount })
        .min(1, HOME_HERO_MESSAGES.productsCount)
        .max(HOME_HERO_LIMITS.productsMax, HOME_HERO_MESSAGES.productsCount)
        .refine((ids) => new Set(ids).size === ids.length, HOME_HERO_MESSAGES.productTwice),
    }),
    z.object({ kind: z.literal('banner'), alt: bannerAlt }),
  ],
  { error: HOME_HERO_MESSAGES.kind },
);
export type HomeHeroChoice = z.infer<typeof homeHeroChoiceSchema>;

/** The text field sent with the banner's picture (multipart/form-data). */
export const homeHeroBannerFieldsSchema = z.object({ alt: bannerAlt });

/** A picked product as the admin screen lists it. */
export const homeHeroPickSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Its first picture; null when it has none (the hero then shows a newest product instead). */
  image: z.string().nullable(),
  /** False once the product is deleted: the hero then shows a newest product instead. */
  live: z.boolean(),
});
export type HomeHeroPick = z.infer<typeof homeHeroPickSchema>;

export const adminHomeHeroSchema = z.object({
  kind: z.enum(HOME_HERO_KINDS),
  /** The products picked last, kept while the banner or the newest show, in their order. */
  products: z.array(homeHeroPickSchema),
  /** The banner uploaded last, kept while products show. */
  banner: z.object({ src: z.string(), alt: z.string() }).nullable(),
  /** What the home page draws now: the preview. */
  shown: homeHeroSchema,
});
export type AdminHomeHero = z.infer<typeof adminHomeHeroSchema>;

export const adminHomeHeroResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  hero: adminHomeHeroSchema,
});
