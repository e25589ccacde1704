/**
 * The wishlist heart's words (docs/decisions/134-wishlist-screens.md). The visitor's message follows
 * the cart's "Please login to add items to cart" (docs/product.md §8).
 */
export const HEART_WORDS = {
  loginToSave: 'Please login to save items to your wishlist',
  save: 'Save to wishlist',
  unsave: 'Remove from wishlist',
} as const;
