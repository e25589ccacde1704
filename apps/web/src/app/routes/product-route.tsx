import { useParams } from 'react-router';
import { ProductPage } from '@/features/product/product-page';

export function ProductRoute() {
  const { productId = '' } = useParams();
  // A new id is a new page: reset the gallery, the chosen size and the fetch.
  return <ProductPage key={productId} productId={productId} />;
}
