import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { HomeRoute } from './routes/home-route';

/**
 * A route component loaded on first use, by its export's name. One helper rather than a
 * `.then((m) => ({ default: m.X }))` per route: this table is in the first chunk (decision 022).
 */
function named<M extends Record<K, ComponentType>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

/**
 * A chunk's import, started once: the route's first render and `loadRouteOf` share it. One that
 * failed is started again on the next call.
 */
function once<M>(load: () => Promise<M>): () => Promise<M> {
  let loading: Promise<M> | undefined;
  return () => {
    if (!loading) {
      const started = load();
      started.catch(() => {
        if (loading === started) loading = undefined;
      });
      loading = started;
    }
    return loading;
  };
}

// Home is in the first chunk; every other route loads its own (docs/decisions/022).
const collectionRoute = once(() => import('./routes/collection-route'));
const productRoute = once(() => import('./routes/product-route'));
const cartRoute = once(() => import('./routes/cart-route'));
const CollectionRoute = named(collectionRoute, 'CollectionRoute');
const ProductRoute = named(productRoute, 'ProductRoute');
// /wishlist shows products as the product page does: it shares that chunk (docs/decisions/134).
const WishlistRoute = named(productRoute, 'WishlistRoute');
const NotFoundRoute = named(() => import('./routes/not-found-route'), 'NotFoundRoute');
const CartRoute = named(cartRoute, 'CartRoute');

/**
 * The chunk of the shop's browsing routes that `pathname` opens (the collection, a product, the
 * wishlist, the cart), loaded before the first render: the first paint is then the page itself,
 * not the header over an empty page with the page drawn in a later task
 * (docs/decisions/165-pages-carry-their-first-screen.md). The server names these
 * chunks in the page's HTML, so they load beside the first one. Other routes load on first use.
 */
export function loadRouteOf(pathname: string): Promise<unknown> {
  if (/^\/collection\/?$/.test(pathname)) return collectionRoute();
  if (/^\/(product\/[^/]+|wishlist)\/?$/.test(pathname)) return productRoute();
  if (/^\/cart\/?$/.test(pathname)) return cartRoute();
  return Promise.resolve();
}
// The information pages share one chunk.
const infoRoutes = () => import('./routes/info-routes');
const AboutRoute = named(infoRoutes, 'AboutRoute');
const ContactRoute = named(infoRoutes, 'ContactRoute');
const RefundPolicyRoute = named(infoRoutes, 'RefundPolicyRoute');
const PrivacyPolicyRoute = named(infoRoutes, 'PrivacyPolicyRoute');
const TermsOfServiceRoute = named(infoRoutes, 'TermsOfServiceRoute');
const ShippingPolicyRoute = named(infoRoutes, 'ShippingPolicyRoute');
// The account screens share one chunk too.
const authRoutes = () => import('./routes/auth-routes');
const LoginRoute = named(authRoutes, 'LoginRoute');
const RegisterRoute = named(authRoutes, 'RegisterRoute');
const ForgotPasswordRoute = named(authRoutes, 'ForgotPasswordRoute');
const UpdatePasswordRoute = named(authRoutes, 'UpdatePasswordRoute');
const ProfileRoute = named(authRoutes, 'ProfileRoute');
// Checkout, orders, an order's page and the payment return share one chunk.
const orderRoutes = () => import('./routes/order-routes');
const PlaceOrderRoute = named(orderRoutes, 'PlaceOrderRoute');
const OrdersRoute = named(orderRoutes, 'OrdersRoute');
const OrderRoute = named(orderRoutes, 'OrderRoute');
const VerifyRoute = named(orderRoutes, 'VerifyRoute');
// The shop owner's area: one chunk with its own layout and nested routes, so
// nothing of it reaches a shopper who never opens /admin (docs/decisions/085).
const AdminRoutes = named(() => import('./routes/admin-routes'), 'AdminRoutes');

/** The routes of docs/product.md §2, and the shop owner's /admin outside the shop's layout. */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="admin/*"
        element={
          // No fallback: the admin chunk is small and the screen stays blank for that moment.
          <Suspense>
            <AdminRoutes />
          </Suspense>
        }
      />
      <Route element={<RootLayout />}>
        <Route index element={<HomeRoute />} />
        <Route path="collection" element={<CollectionRoute />} />
        <Route path="product/:productId" element={<ProductRoute />} />
        <Route path="cart" element={<CartRoute />} />
        <Route path="about" element={<AboutRoute />} />
        <Route path="contact" element={<ContactRoute />} />
        <Route path="refund-policy" element={<RefundPolicyRoute />} />
        <Route path="privacy-policy" element={<PrivacyPolicyRoute />} />
        <Route path="terms-of-service" element={<TermsOfServiceRoute />} />
        <Route path="shipping-policy" element={<ShippingPolicyRoute />} />
        <Route path="login" element={<LoginRoute />} />
        <Route path="register" element={<RegisterRoute />} />
        <Route path="forgot-password" element={<ForgotPasswordRoute />} />
        <Route path="update-password" element={<UpdatePasswordRoute />} />
        <Route path="profile" element={<ProfileRoute />} />
        <Route path="wishlist" element={<WishlistRoute />} />
        <Route path="place-order" element={<PlaceOrderRoute />} />
        <Route path="orders" element={<OrdersRoute />} />
        <Route path="orders/:id" element={<OrderRoute />} />
        <Route path="verify" element={<VerifyRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
