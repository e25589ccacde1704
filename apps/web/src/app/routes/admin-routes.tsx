import { Route, Routes } from 'react-router';
import { AdminLayout } from '@/features/admin/admin-layout';
import { CouponsPage } from '@/features/admin/coupons/coupons-page';
import { DeliveryPage } from '@/features/admin/delivery/delivery-page';
import { HomeHeroPage } from '@/features/admin/home/home-hero-page';
import { AdminOrderPage } from '@/features/admin/orders/order-page';
import { AdminOrdersPage } from '@/features/admin/orders/orders-page';
import { OverviewPage } from '@/features/admin/overview-page';
import { EditProductPage, NewProductPage } from '@/features/admin/products/product-form-page';
import { ProductsPage } from '@/features/admin/products/products-page';
import { RefundsPage } from '@/features/admin/refunds/refunds-page';
import { ReturnsPage } from '@/features/admin/returns/returns-page';
import { ReviewsPage } from '@/features/admin/reviews/reviews-page';
import { LowStockPage } from '@/features/admin/stock/low-stock-page';
import { TaxReportPage } from '@/features/admin/tax/tax-report-page';
import { StockHistoryPage } from '@/features/admin/stock/stock-history-page';
import { VideosPage } from '@/features/admin/videos/videos-page';
import { ScrollToTop } from '../layout/scroll-to-top';
import { NotFoundRoute } from './not-found-route';

/**
 * The shop owner's area, loaded as one chunk by the one lazy import in
 * router.tsx, so none of it is in the first chunk or a shopper's route (docs/decisions/085).
 */
export function AdminRoutes() {
  return (
    <>
      <ScrollToTop />
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={<OverviewPage />} />
          <Route path="products" element={<ProductsPage />} />
          <Route path="products/new" element={<NewProductPage />} />
          <Route path="products/:id" element={<EditProductPage />} />
          <Route path="products/:id/stock" element={<StockHistoryPage />} />
          <Route path="stock" element={<LowStockPage />} />
          <Route path="orders" element={<AdminOrdersPage />} />
          <Route path="orders/:id" element={<AdminOrderPage />} />
          <Route path="returns" element={<ReturnsPage />} />
          <Route path="refunds" element={<RefundsPage />} />
          <Route path="reviews" element={<ReviewsPage />} />
          <Route path="tax" element={<TaxReportPage />} />
          <Route path="delivery" element={<DeliveryPage />} />
          <Route path="home" element={<HomeHeroPage />} />
          <Route path="coupons" element={<CouponsPage />} />
          <Route path="videos" element={<VideosPage />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Routes>
    </>
  );
}
