/** The cart page's texts, word for word from docs/product.md §2. */
export const CART_TEXT = {
  loading: 'Loading cart...',
  emptyTitle: 'Your Cart is Empty',
  emptyText: "Looks like you haven't added anything yet.",
} as const;
