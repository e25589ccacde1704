import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The owner's pick for the home page's hero (docs/decisions/147-owner-picks-the-home-hero.md): one
 * row at most (id 1); no row is the default, the two newest products. The picked ids are kept as a
 * list without a foreign key: a product deleted later is skipped when the hero is drawn (the
 * newest fill its place), and the owner sees it marked on the admin screen. The banner stays
 * while products show, so the owner can switch back without uploading again.
 */
export const homeHero = pgTable(
  'home_hero',
  {
    id: smallint('id').primaryKey().default(1),
    /** 'newest', 'products' or 'banner' (HOME_HERO_KINDS). */
    kind: text('kind').notNull(),
    productIds: uuid('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** The banner's 800 px WebP copy's public URL (its 400 px copy beside it, `-w400.webp`). */
    bannerImage: text('banner_image'),
    bannerAlt: text('banner_alt'),
    /** The admin's e-mail, for the record. */
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('home_hero_one_row', sql`${t.id} = 1`),
    check('home_hero_kind_values', sql`${t.kind} in ('newest', 'products', 'banner')`),
    check(
      'home_hero_banner_has_picture',
      sql`${t.kind} <> 'banner' or (${t.bannerImage} is not null and ${t.bannerAlt} is not null)`,
    ),
  ],
);
