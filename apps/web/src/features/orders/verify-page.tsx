import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError, toastApiError } from '@/lib/api-client';
import { clearCart, loadCart } from '@/lib/cart';
import { useDocumentMeta } from '@/lib/document-meta';
import { useToken } from '@/lib/session';
import { verifyPaymentReturn } from './api/order-calls';
import { saveAppliedCoupon } from './checkout/applied-coupon';
import { VERIFY_TEXT } from './messages';
import { Spinner } from './orders-icons';

/**
 * /verify?success=…&orderId=… — where a payment returns (spec §4). The `success` it is given is
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
        toastApiError(error, VERIFY_TEXT.failed);
        void navigate('/cart', { replace: true });
      },
    );
  }, [token, orderId, success, navigate]);

  // Spec §6: nothing to verify without a token; no order, nothing to verify either.
  if (!token) return <Navigate to="/login" replace />;
  if (!orderId) return <Navigate to="/cart" replace />;

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
