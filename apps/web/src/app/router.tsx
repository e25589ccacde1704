import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { HomeRoute } from './routes/home-route';

// Home is in the first chunk; every other route loads its own (docs/decisions/022).
const CollectionRoute = lazy(() => import('./routes/collection-route').then((m) => ({ default: m.CollectionRoute })));
const ProductRoute = lazy(() => import('./routes/product-route').then((m) => ({ default: m.ProductRoute })));
const NotFoundRoute = lazy(() => import('./routes/not-found-route').then((m) => ({ default: m.NotFoundRoute })));
const CartRoute = lazy(() => import('./routes/cart-route').then((m) => ({ default: m.CartRoute })));
// The information pages (issue 3) share one chunk.
const infoRoutes = () => import('./routes/info-routes');
const AboutRoute = lazy(() => infoRoutes().then((m) => ({ default: m.AboutRoute })));
const ContactRoute = lazy(() => infoRoutes().then((m) => ({ default: m.ContactRoute })));
const RefundPolicyRoute = lazy(() => infoRoutes().then((m) => ({ default: m.RefundPolicyRoute })));
const PrivacyPolicyRoute = lazy(() => infoRoutes().then((m) => ({ default: m.PrivacyPolicyRoute })));
const TermsOfServiceRoute = lazy(() => infoRoutes().then((m) => ({ default: m.TermsOfServiceRoute })));
const ShippingPolicyRoute = lazy(() => infoRoutes().then((m) => ({ default: m.ShippingPolicyRoute })));
// The account screens (issue 4) share one chunk too.
const authRoutes = () => import('./routes/auth-routes');
const LoginRoute = lazy(() => authRoutes().then((m) => ({ default: m.LoginRoute })));
const RegisterRoute = lazy(() => authRoutes().then((m) => ({ default: m.RegisterRoute })));
const ForgotPasswordRoute = lazy(() => authRoutes().then((m) => ({ default: m.ForgotPasswordRoute })));
const UpdatePasswordRoute = lazy(() => authRoutes().then((m) => ({ default: m.UpdatePasswordRoute })));
const ProfileRoute = lazy(() => authRoutes().then((m) => ({ default: m.ProfileRoute })));
// Checkout, orders and the payment return (issue 6) share one chunk.
const orderRoutes = () => import('./routes/order-routes');
const PlaceOrderRoute = lazy(() => orderRoutes().then((m) => ({ default: m.PlaceOrderRoute })));
const OrdersRoute = lazy(() => orderRoutes().then((m) => ({ default: m.OrdersRoute })));
const VerifyRoute = lazy(() => orderRoutes().then((m) => ({ default: m.VerifyRoute })));
// The shop owner's area (the admin issue): one chunk with its own layout and nested routes, so
// nothing of it reaches a shopper who never opens /admin (docs/decisions/085).
const AdminRoutes = lazy(() => import('./routes/admin-routes').then((m) => ({ default: m.AdminRoutes })));

/**
 * The spec's routes (§2). Later issues add /about, /contact, the policies, /cart, /login and the
 * rest here; until then they fall to the not-found page.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="admin/*"
        element={
          <Suspense fallback={<div role="status" aria-label="Loading page" className="min-h-screen" />}>
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
        <Route path="place-order" element={<PlaceOrderRoute />} />
        <Route path="orders" element={<OrdersRoute />} />
        <Route path="verify" element={<VerifyRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
