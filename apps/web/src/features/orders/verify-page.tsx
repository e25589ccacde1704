import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError, toastApiError } from '@/lib/api-client';
import { clearCart, loadCart } from '@/lib/cart/cart';
import { useDocumentMeta } from '@/lib/document-meta';
import { useToken } from '@/lib/session';
import { verifyPaymentReturn } from './api/order-calls';
import { saveAppliedCoupon } from './checkout/applied-coupon';
import { VERIFY_TEXT } from './messages';
import { Spinner } from './orders-icons';

/**
 * /verify?success=…&orderId=… — where a payment returns (docs/product.md §4). The `success` it is given is
 * passed on and never believed: the server answers success only for an order really paid. Paid:
 * the cart (emptied by the server with the payment) is emptied here too and the shopper sees
 * /orders. Anything else: the server's reason and /cart, where the goods still are.
 */
export function VerifyPage() {
  useDocumentMeta(VERIFY_TEXT.title);
  const token = useToken();
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  const success = params.get('success');
  const navigate = useNavigate();
  // One check per visit: StrictMode's second effect run (and a re-render) must not ask again.
  const asked = useRef(false);
  // Set when the server could not be reached: the answer is unknown, so the shopper may ask again
  // rather than be sent to the cart as if unpaid.
  const [unreachable, setUnreachable] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token || !orderId || asked.current) return;
    asked.current = true;
    verifyPaymentReturn(orderId, success).then(
      () => {
        // The order used the coupon the checkout had applied.
        saveAppliedCoupon(null);
        clearCart();
        // The server's cart is the truth (it was emptied with the payment): read it back.
        void loadCart();
        void navigate('/orders', { replace: true });
      },
      (error: unknown) => {
        // A 401 has ended the session already; the page then goes to /login on its own.
        if (error instanceof ApiError && error.handled) return;
        if (error instanceof ApiError && error.kind !== 'http') {
          setUnreachable(error.message);
          return;
        }
        toastApiError(error, VERIFY_TEXT.failed);
        void navigate('/cart', { replace: true });
      },
    );
  }, [token, orderId, success, navigate, attempt]);

  const checkAgain = () => {
    asked.current = false;
    setUnreachable(null);
    setAttempt((n) => n + 1);
  };

  // docs/product.md §6: nothing to verify without a token; no order, nothing to verify either.
  if (!token) return <Navigate to="/login" replace />;
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
