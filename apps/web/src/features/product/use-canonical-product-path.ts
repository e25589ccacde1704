import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { productPath } from '@vastra/shared/links/product-url';

/**
 * Puts the product's readable address in the address bar once the product is known: a bare id or
 * an old slug is replaced in place (no extra history entry), query and state kept, so the link a
 * shopper copies is the one the server's share tags name (docs/decisions/141-links-that-travel.md).
 */
export function useCanonicalProductPath(product: { _id: string; name: string } | null): void {
  const location = useLocation();
  const navigate = useNavigate();
  const canonical = product ? productPath(product) : null;
  useEffect(() => {
    if (!canonical || location.pathname === canonical) return;
    void navigate(
      { pathname: canonical, search: location.search, hash: location.hash },
      { replace: true, state: location.state as unknown, preventScrollReset: true },
    );
  }, [canonical, location, navigate]);
}
