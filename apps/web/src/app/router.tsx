import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { HomeRoute } from './routes/home-route';

// Home is in the first chunk; every other route loads its own (docs/decisions/022).
const CollectionRoute = lazy(() => import('./routes/collection-route').then((m) => ({ default: m.CollectionRoute })));
const ProductRoute = lazy(() => import('./routes/product-route').then((m) => ({ default: m.ProductRoute })));
const NotFoundRoute = lazy(() => import('./routes/not-found-route').then((m) => ({ default: m.NotFoundRoute })));

/**
 * The spec's routes (§2). Later issues add /about, /contact, the policies, /cart, /login and the
 * rest here; until then they fall to the not-found page.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomeRoute />} />
        <Route path="collection" element={<CollectionRoute />} />
        <Route path="product/:productId" element={<ProductRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
