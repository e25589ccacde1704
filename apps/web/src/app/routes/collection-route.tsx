import { CollectionPage } from '@/features/catalog/collection-page';

export function CollectionRoute() {
  return <CollectionPage />;
}
