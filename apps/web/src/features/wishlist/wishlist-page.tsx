import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { SectionTitle } from '@/components/ui/section-title';
import { useDocumentMeta } from '@/lib/document-meta';
import { useToken } from '@/lib/session';
import { WISHLIST_TEXT } from './messages';
import { WishlistCard } from './wishlist-card';
import { useWishlist } from '@/lib/wishlist/use-wishlist';
import { LoginFirst } from '@/components/login-first';
import { LOGIN_REASONS } from '@/lib/login-return';

/** The catalogue's grid (components/ui/product-grid.tsx), so a saved product looks as it did there. */
const GRID = 'grid grid-cols-2 gap-x-4 gap-y-8 sm:gap-x-6 md:grid-cols-3 lg:grid-cols-4';

/** /wishlist: the products the shopper saved, newest first (docs/decisions/134-wishlist-screens.md). */
export function WishlistPage() {
  useDocumentMeta(WISHLIST_TEXT.title);
  const token = useToken();
  const { items, error, loading, reload } = useWishlist(token);

  // As /orders: without a session the page has nothing to show; the login page is where to go.
  if (!token) return <LoginFirst reason={LOGIN_REASONS.wishlist} />;

  let body;
  if (items === null && loading) {
    body = <WishlistSkeleton />;
  } else if (items === null) {
    // A failed load says so and offers a retry — never an empty list (docs/architecture.md §4.10).
    body = (
      <LoadError
        message={
          <>
            {WISHLIST_TEXT.loadFailed} {error}
          </>
        }
        onRetry={reload}
        className="py-16"
      />
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState
        title={WISHLIST_TEXT.emptyTitle}
        text={WISHLIST_TEXT.emptyText}
        action={{ to: '/collection', label: WISHLIST_TEXT.browse }}
      />
    );
  } else {
    body = (
      <>
        <p className="mb-5 border-b border-line pb-4 text-sm text-muted">
          {items.length === 1 ? '1 product' : `${items.length} products, newest first`}
        </p>
        <ul aria-label="Your wishlist" className={GRID}>
          {items.map((entry) => (
            <li key={entry.productId}>
              <WishlistCard entry={entry} />
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <div className="container-shop pt-8 pb-4 sm:pt-12">
      <SectionTitle as="h1" light="My" bold="Wishlist" />
      {body}
    </div>
  );
}

function WishlistSkeleton() {
  return (
    <div role="status" aria-label={WISHLIST_TEXT.loading} className={`${GRID} animate-pulse`}>
      {[0, 1, 2, 3].map((n) => (
        <div key={n}>
          <div className="aspect-[4/5] bg-line/70" />
          <div className="mt-3 h-3 w-4/5 bg-line/70" />
          <div className="mt-2 h-3 w-1/3 bg-line/70" />
          <div className="mt-3 h-9 bg-line/50" />
        </div>
      ))}
    </div>
  );
}
