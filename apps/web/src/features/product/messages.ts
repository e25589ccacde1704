/** The product page's messages, word for word from docs/product.md §5 and §8. */
export const PRODUCT_MESSAGES = {
  selectSize: 'Select Product Size',
  loginToAdd: 'Please login to add items to cart',
  added: 'Product added to the Cart',
  soldOut: 'Every size of this product is sold out for now.',
} as const;
