/**
 * The wishlist screens' words (docs/decisions/134-wishlist-screens.md). The server's own messages
 * ("Added to your wishlist", "Moved to your cart", …) are shown as it sends them. Nothing here
 * imports the wishlist schema: /wishlist is in the product page's chunk, and zod stays out of it
 * until a call needs it (docs/decisions/022).
 */
export const WISHLIST_TEXT = {
  title: 'My Wishlist',
  loading: 'Loading your wishlist',
  loadFailed: 'We could not load your wishlist.',
  emptyTitle: 'Your wishlist is empty',
  emptyText: 'Tap the heart on a product you like to keep it here for later.',
  browse: 'BROWSE THE COLLECTION',
  moveToCart: 'Move to cart',
  chooseSize: 'Choose a size',
  cancel: 'Cancel',
  remove: 'Remove',
  soldOut: 'Every size is sold out for now',
  /**
   * The server's WISHLIST_MESSAGES.gone, written out: importing the schema module would bring zod
   * into the product page's chunk (messages.test.ts checks they agree).
   */
  gone: 'This product is no longer available',
} as const;
