import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError, toastApiError } from '@/lib/api-client';
import { clearCart, loadCart } from '@/lib/cart/cart';
import { useDocumentMeta } from '@/lib/document-meta';
import { invalidate, useQuery } from '@/lib/query';
import { useToken } from '@/lib/session';
import { verifyPaymentReturn } from './api/order-calls';
import { saveAppliedCoupon } from './checkout/applied-coupon';
import { VERIFY_TEXT } from './messages';
import { ORDERS_KEY, placedOrderPath } from './use-user-orders';
import { Spinner } from './orders-icons';
import { LoginFirst } from '@/components/login-first';
import { LOGIN_REASONS } from '@/lib/login-return';

/**
 * /verify?success=…&orderId=… — where a payment returns (docs/product.md §4). The `success` it is given is
 * passed on and never believed: the server answers success only for an order really paid. Paid:
 * the cart (emptied by the server with the payment) is emptied here too and the shopper sees
 * the order's page with its confirmation (docs/decisions/121-storefront-order-page.md). Anything else: the server's reason and /cart, where the goods still are.
 */
export function VerifyPage() {
  useDocumentMeta(VERIFY_TEXT.title);
  const token = useToken();
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  const success = params.get('success');
  const navigate = useNavigate();
  // One check per visit: the query runs the answer's consequences once per check, however often
  // the page renders (StrictMode's second mount joins the same check).
  const check = useQuery(
    ['account', 'verify', orderId, success],
    async () => {
      const answer = await verifyPaymentReturn(orderId ?? '', success);
      // The order used the coupon the checkout had applied.
      saveAppliedCoupon(null);
      clearCart();
      // The server's cart is the truth (it was emptied with the payment): read it back.
      void loadCart();
      invalidate(ORDERS_KEY);
      void navigate(placedOrderPath(orderId ?? ''), { replace: true });
      return answer;
    },
    {
      enabled: token !== null && orderId !== null,
      onError: (error) => {
        // A 401 has ended the session already; the page then goes to /login on its own.
        if (error instanceof ApiError && error.handled) return;
        // Unreachable: shown below, with a way to ask again.
        if (error instanceof ApiError && error.kind !== 'http') return;
        toastApiError(error, VERIFY_TEXT.failed);
        void navigate('/cart', { replace: true });
      },
    },
  );
  // The server could not be reached: the answer is unknown, so the shopper may ask again rather
  // than be sent to the cart as if unpaid.
  const { error } = check;
  const unreachable =
    !check.fetching && error instanceof ApiError && error.kind !== 'http' && !error.handled
      ? error.message
      : null;
  const checkAgain = check.refresh;

  // docs/product.md §6: nothing to verify without a token; no order, nothing to verify either.
  if (!token) return <LoginFirst reason={LOGIN_REASONS.orders} />;
  if (!orderId) return <Navigate to="/cart" replace />;

  if (unreachable) {
    return (
      <div className="container-shop flex flex-col items-center py-20 text-center sm:py-28">
        <div role="alert">
          <h1 className="font-serif text-2xl sm:text-3xl">{VERIFY_TEXT.unreachable}</h1>
          <p className="mt-3 text-sm text-muted">{unreachable}</p>
        </div>
        <p className="mt-3 max-w-sm text-sm text-muted">{VERIFY_TEXT.unreachableNote}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <button
            type="button"
            onClick={checkAgain}
            className="bg-ink px-6 py-3 text-sm font-medium tracking-[0.16em] text-paper hover:bg-accent-dark"
          >
            {VERIFY_TEXT.checkAgain}
          </button>
          <Link
            to="/orders"
            className="border border-ink px-6 py-3 text-sm font-medium tracking-[0.16em] hover:bg-ink hover:text-paper"
          >
            MY ORDERS
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="container-shop flex flex-col items-center py-20 text-center sm:py-28">
      <div role="status" className="flex flex-col items-center gap-5">
        <Spinner className="h-10 w-10 border-[3px]" />
        <h1 className="font-serif text-2xl sm:text-3xl">{VERIFY_TEXT.checking}</h1>
      </div>
      <p className="mt-3 max-w-sm text-sm text-muted">{VERIFY_TEXT.checkingNote}</p>
    </div>
  );
}
