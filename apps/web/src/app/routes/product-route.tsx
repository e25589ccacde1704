import { useParams } from 'react-router';
import { ProductPage } from '@/features/product/product-page';
import { WishlistPage } from '@/features/wishlist/wishlist-page';

export function ProductRoute() {
  const { productId = '' } = useParams();
  // A new id is a new page: reset the gallery, the chosen size and the fetch.
  return <ProductPage key={productId} productId={productId} />;
}

// The saved products: in this chunk, which has the heart, the price and the calls already.
export function WishlistRoute() {
  return <WishlistPage />;
}
