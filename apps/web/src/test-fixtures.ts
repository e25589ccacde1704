import type { Product } from '@vastra/shared/schemas/product';

/** Small products for component tests (newest first, as the store keeps them). */
export function makeProduct(over: Partial<Product> & Pick<Product, '_id' | 'name'>): Product {
  return {
    description: `${over.name} description.`,
    price: 999,
    image: [`/uploads/products/${over._id}-1.webp`, `/uploads/products/${over._id}-2.webp`],
    category: 'SHIRTS',
    subCategory: 'SNITCH',
    sizes: ['S', 'M', 'L'],
    date: 1,
    stock: Object.fromEntries((over.sizes ?? ['S', 'M', 'L']).map((size) => [size, 10])),
    ...over,
  };
}
