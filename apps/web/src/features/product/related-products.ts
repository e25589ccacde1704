import { RELATED_PRODUCTS_COUNT } from '@vastra/shared/constants';

interface Relatable {
  _id: string;
  category: string;
  subCategory: string;
}

/** docs/product.md §2: up to 5 others of the same category and the same subCategory (brand), in list order. */
export function relatedProducts<P extends Relatable>(
  all: readonly P[],
  product: Relatable,
  limit: number = RELATED_PRODUCTS_COUNT,
): P[] {
  const related: P[] = [];
  for (const p of all) {
    if (related.length >= limit) break;
    if (
      p._id !== product._id &&
      p.category === product.category &&
      p.subCategory === product.subCategory
    )
      related.push(p);
  }
  return related;
}
