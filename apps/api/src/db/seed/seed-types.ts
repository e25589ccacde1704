import type { Brand, Category } from '@vastra/shared/constants';

/** How a garment is drawn for its generated pictures. */
export interface GarmentLook {
  /** Main fabric colour, `#rrggbb`. */
  base: string;
  /** Second colour for stripes, checks, prints, collars and stitching, `#rrggbb`. */
  accent: string;
  pattern: 'solid' | 'stripes' | 'checks' | 'print' | 'denim' | 'twill';
}

/** One catalogue entry of the seed: a product plus how to draw it. */
export interface SeedProduct {
  /** Stable, unique slug; the seed uses it to stay idempotent and to name image files. */
  key: string;
  name: string;
  description: string;
  /** Whole rupees. */
  price: number;
  category: Category;
  subCategory: Brand;
  sizes: string[];
  look: GarmentLook;
  /** 2 to 4 pictures: front, back, then detail and folded views. */
  imageCount: 2 | 3 | 4;
}
