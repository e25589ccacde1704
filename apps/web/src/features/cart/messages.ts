/**
 * The cart page's texts: the first three word for word from docs/product.md §2, the rest for the
 * line's edits (docs/decisions/144-cart-edits.md). The limits' words come from the shared rules
 * (`LINE_LIMIT_NOTE`, the stock messages), so the page and the server say the same.
 */
export const CART_TEXT = {
  loading: 'Loading cart...',
  emptyTitle: 'Your Cart is Empty',
  emptyText: "Looks like you haven't added anything yet.",
  /** The toast after a line's remove button, with its Undo. */
  removed: (name: string, size: string) => `Removed ${name} (size ${size})`,
  undo: 'Undo',
  sizeFor: (name: string) => `Size for ${name}`,
  soldOutSize: (size: string) => `${size} (sold out)`,
} as const;
