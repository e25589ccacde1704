import { CollectionPage } from '@/features/catalog/collection-page';
import { adoptPageCollection } from '@/features/catalog/page-collection';

// Loaded with the collection's route, before its first render: the page's HTML may carry the
// first page (docs/decisions/165).
adoptPageCollection();

export function CollectionRoute() {
  return <CollectionPage />;
}
