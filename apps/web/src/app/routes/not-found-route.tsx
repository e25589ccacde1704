import { Link } from 'react-router';
import { useDocumentMeta } from '@/lib/document-meta';

export function NotFoundRoute() {
  useDocumentMeta(
    'Page not found',
    'The page you are looking for does not exist or has moved. Browse the Vastra collection instead.',
  );
  return (
    <section className="container-shop flex min-h-[55vh] flex-col items-center justify-center py-16 text-center">
      <p className="text-xs font-semibold tracking-[0.3em] text-accent">404</p>
      <h1 className="mt-3 font-serif text-3xl sm:text-4xl">This page has wandered off</h1>
      <p className="mt-4 max-w-md text-muted">
        The page you are looking for does not exist or has moved. Our collection, though, is right
        where we left it.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to="/collection"
          className="bg-ink px-7 py-3 text-sm font-medium tracking-[0.14em] text-paper hover:bg-ink/85"
        >
          SHOP THE COLLECTION
        </Link>
        <Link
          to="/"
          className="border border-ink px-7 py-3 text-sm font-medium tracking-[0.14em] hover:bg-ink hover:text-paper"
        >
          GO HOME
        </Link>
      </div>
    </section>
  );
}
