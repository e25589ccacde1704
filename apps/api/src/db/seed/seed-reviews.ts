import crypto from 'node:crypto';
import { isNotNull } from 'drizzle-orm';
import type { ReviewFit } from '@vastra/shared/review-text';
import type { Database } from '../client';
import { products } from '../schema/products';
import { productReviews } from '../schema/reviews';

/**
 * Demo reviews for the demo catalogue (docs/decisions/136-product-reviews.md), so the product page
 * shows real numbers out of the box: 0–6 per seeded product, about a quarter with none ("No
 * reviews yet" shows too), mostly 4 and 5 stars. Everything comes from a hash of the product's
 * seed key, so every shop gets the same reviews; `is_demo` marks them and the shop says "Demo
 * review". Each has an id derived the same way, so a second start (or two servers at once) adds
 * nothing (ON CONFLICT on the id), and a review the owner hid stays hidden.
 */

const DAY_MS = 24 * 60 * 60_000;

const AUTHORS = [
  'Aarav S.',
  'Priya N.',
  'Rohan M.',
  'Ananya K.',
  'Vikram R.',
  'Sneha P.',
  'Arjun D.',
  'Kavya I.',
  'Ishaan G.',
  'Meera J.',
  'Karthik V.',
  'Nisha B.',
  'Aditya T.',
  'Pooja L.',
  'Siddharth C.',
  'Divya A.',
];

const TEXTS: Record<number, readonly string[]> = {
  5: [
    'Fabric feels premium and the colour is exactly as shown. Got compliments the first day I wore it.',
    'Great fit through the shoulders and it held its shape after several washes.',
    'Delivered quickly and well packed. The stitching is neat; worth the price.',
    'My second one from this brand and just as good as the first.',
    '',
  ],
  4: [
    'Good quality for the price. The colour is a shade lighter than the photos.',
    'Comfortable for a full day at the office. Slight creasing, but it irons out easily.',
    'Nice material and finish. Took a day longer to arrive than promised.',
    '',
  ],
  3: [
    'Decent, but the fabric is thinner than I expected.',
    'Okay for casual wear. The sleeves are a little long for me.',
  ],
  2: ['The colour faded a little after the first wash.'],
  1: ['Not what I expected from the pictures; I exchanged it.'],
};

function digestOf(key: string): Buffer {
  return crypto.createHash('sha256').update(key).digest();
}

/** A UUID (version 4 layout) from a hash, so the same review gets the same id in every shop. */
function stableUuid(key: string): string {
  const hex = digestOf(key).toString('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface DemoReview {
  id: string;
  authorName: string;
  rating: number;
  fit: ReviewFit | null;
  body: string;
  /** How long before the seeding it is dated. */
  ageMs: number;
}

/** The demo reviews of the product with this seed key (none for about a quarter of them). */
export function demoReviewsFor(seedKey: string): DemoReview[] {
  const head = digestOf(`reviews:${seedKey}`);
  const count = head[0]! % 4 === 0 ? 0 : 1 + (head[1]! % 6);
  return Array.from({ length: count }, (_, i) => {
    const d = digestOf(`review:${seedKey}:${i}`);
    const roll = d[0]! % 20;
    const rating = roll < 9 ? 5 : roll < 16 ? 4 : roll < 18 ? 3 : roll < 19 ? 2 : 1;
    const fitRoll = d[1]! % 10;
    const fit: ReviewFit | null =
      fitRoll < 5 ? 'true' : fitRoll < 7 ? 'small' : fitRoll < 8 ? 'large' : null;
    const texts = TEXTS[rating]!;
    return {
      id: stableUuid(`review:${seedKey}:${i}`),
      authorName: AUTHORS[d[2]! % AUTHORS.length]!,
      rating,
      fit,
      body: texts[d[3]! % texts.length]!,
      ageMs: (1 + (d.readUInt16BE(4) % 120)) * DAY_MS + (d.readUInt16BE(6) % 86_400) * 1000,
    };
  });
}

/** Adds the demo reviews of the seeded products that lack them; answers how many were added. */
export async function seedReviews(db: Database, now: Date = new Date()): Promise<number> {
  const seeded = await db
    .select({ id: products.id, seedKey: products.seedKey })
    .from(products)
    .where(isNotNull(products.seedKey));
  const rows = seeded.flatMap((product) =>
    demoReviewsFor(product.seedKey ?? '').map((review) => {
      // Whole milliseconds, as the reviews' keyset pages need (reviews.repository.ts).
      const at = new Date(now.getTime() - review.ageMs);
      return {
        id: review.id,
        productId: product.id,
        userId: null,
        authorName: review.authorName,
        rating: review.rating,
        fit: review.fit,
        body: review.body,
        isDemo: true,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(productReviews)
    .values(rows)
    .onConflictDoNothing({ target: productReviews.id })
    .returning({ id: productReviews.id });
  return inserted.length;
}
