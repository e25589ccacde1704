import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { clearStaleErrors } from '@/lib/toast';

/**
 * Every navigation to another page starts at the top (docs/product.md §2), without the last page's
 * errors. Changing only the query (ticking a filter) keeps the shopper where they are.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
    clearStaleErrors();
  }, [pathname]);
  return null;
}
