import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The home page's video carousel (docs/product.md §3: _id, videoUrl), in the shop owner's order. */
export const videos = pgTable('videos', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  /** A path on this server (`/media/videos/…`) or an absolute URL the shop owner added. */
  videoUrl: text('video_url').notNull(),
  /** What the clip shows, for screen readers. */
  title: text('title').notNull().default(''),
  /** Carousel order, lowest first. */
  position: integer('position').notNull().default(0),
  /** The seed's stable key, so seeding stays idempotent. */
  seedKey: text('seed_key').unique(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type VideoRow = typeof videos.$inferSelect;
