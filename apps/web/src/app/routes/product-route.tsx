import { useParams } from 'react-router';
import { productIdOf } from '@vastra/shared/links/product-url';
import { ProductPage } from '@/features/product/product-page';
import { WishlistPage } from '@/features/wishlist/wishlist-page';

export function ProductRoute() {
  // `/product/<slug>-<id>` or the bare id: the id is the trailing UUID (docs/decisions/141).
  const productId = productIdOf(useParams().productId ?? '');
  // A new id is a new page: reset the gallery, the chosen size and the fetch. The same id under
  // another slug is the same page (the address is only being made canonical).
  return <ProductPage key={productId} productId={productId} />;
}

// The saved products: in this chunk, which has the heart, the price and the calls already.
export function WishlistRoute() {
  return <WishlistPage />;
}
