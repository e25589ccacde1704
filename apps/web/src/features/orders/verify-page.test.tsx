import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams, useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { cartStore, clearCart } from '@/lib/cart/cart';
import { clearToken, setToken } from '@/lib/session';
import { answerCalls, sentTo } from '@/test/api-answers';
import { VerifyPage } from './verify-page';

const notify = vi.hoisted(() => ({ error: vi.fn(), info: vi.fn(), success: vi.fn() }));
vi.mock('@/lib/toast', () => ({ notify }));

/**
 * The network boundary: the payment check answers each of `verify` in turn (the last one
 * repeatedly); the cart read answers the server's cart.
 */
function serverAnswers(
  verify: ApiError | 'paid' | (ApiError | 'paid')[],
  serverCartData: Record<string, Record<string, number>> = {},
) {
  const answers = Array.isArray(verify) ? [...verify] : [verify];
  return answerCalls((name) => {
    if (name === 'orders.verify') {
      const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
      if (answer instanceof ApiError) throw answer;
      return { success: true, message: 'Payment Successful' };
    }
    if (name === 'cart.get') return { success: true, cartData: serverCartData };
    throw new Error(`unexpected call ${name}`);
  });
}

function renderAt(url: string) {
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/verify" element={<VerifyPage />} />
          <Route path="/orders/:id" element={<PlacedProbe />} />
          <Route path="/cart" element={<p>Cart page</p>} />
          <Route path="/login" element={<p>Login page</p>} />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  );
}

const ORDER = '0b9f3c1e-1d2a-4c3b-9e8f-123456789abc';

/** Where a paid order lands: its page with the confirmation (`/orders/:id?placed=1`). */
function PlacedProbe() {
  const { id } = useParams();
  const [params] = useSearchParams();
  return <p>{`Order page ${id} placed=${params.get('placed')}`}</p>;
}
const verifyCalls = (server: ReturnType<typeof serverAnswers>) =>
  sentTo(server, 'orders.verify').map(({ body }) => body);

afterEach(() => {
  cleanup();
  clearToken();
  clearCart();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('<VerifyPage>', () => {
  it('a visitor goes to /login and nothing is asked', () => {
    const server = serverAnswers('paid');
    renderAt(`/verify?success=true&orderId=${ORDER}`);
    expect(screen.getByText('Login page')).toBeTruthy();
    expect(server).not.toHaveBeenCalled();
  });

  it('without an orderId: /cart, nothing asked', () => {
    setToken('t');
    const server = serverAnswers('paid');
    renderAt('/verify?success=true');
    expect(screen.getByText('Cart page')).toBeTruthy();
    expect(server).not.toHaveBeenCalled();
  });

  it('paid: asks once (even in StrictMode), empties the cart from the server, goes to the order’s confirmation', async () => {
    setToken('t');
    cartStore.set({ p1: { M: 2 } });
    const server = serverAnswers('paid', {});
    renderAt(`/verify?success=true&orderId=${ORDER}`);
    expect(screen.getByRole('status').textContent).toContain('Verifying your payment…');

    await screen.findByText(`Order page ${ORDER} placed=1`);
    expect(verifyCalls(server)).toEqual([{ orderId: ORDER, success: 'true' }]);
    expect(cartStore.get()).toEqual({});
    expect(sentTo(server, 'cart.get')).not.toEqual([]);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it("not paid (whatever `success` says): the server's reason as a toast, then /cart", async () => {
    setToken('t');
    cartStore.set({ p1: { M: 2 } });
    const server = serverAnswers(
      new ApiError('http', 'Payment not completed', {
        status: 200,
        serverMessage: 'Payment not completed',
      }),
    );
    renderAt(`/verify?success=true&orderId=${ORDER}`);
    await screen.findByText('Cart page');
    expect(verifyCalls(server)).toEqual([{ orderId: ORDER, success: 'true' }]);
    expect(notify.error).toHaveBeenCalledExactlyOnceWith('Payment not completed');
    // The goods are still in the cart.
    expect(cartStore.get()).toEqual({ p1: { M: 2 } });
  });

  it('a failure without a reason of the server\'s: "Payment verification failed"', async () => {
    setToken('t');
    serverAnswers(new ApiError('http', 'Something went wrong. Please try again.', { status: 502 }));
    renderAt(`/verify?success=false&orderId=${ORDER}`);
    await screen.findByText('Cart page');
    expect(notify.error).toHaveBeenCalledExactlyOnceWith('Payment verification failed');
  });

  it('server unreachable: says so and offers to check again, without sending the shopper to /cart', async () => {
    setToken('t');
    // A network failure is tried again twice, with back-off (lib/query.ts), before it is shown.
    const offline = () =>
      new ApiError('network', 'No response from server. Please check your internet connection.');
    const server = serverAnswers([offline(), offline(), offline(), 'paid']);
    renderAt(`/verify?success=true&orderId=${ORDER}`);
    await screen.findByText('We could not check your payment just now.', {}, { timeout: 4000 });
    expect(verifyCalls(server)).toHaveLength(3);
    expect(screen.queryByText('Cart page')).toBeNull();
    expect(notify.error).not.toHaveBeenCalled();

    screen.getByRole('button', { name: 'CHECK AGAIN' }).click();
    await screen.findByText(`Order page ${ORDER} placed=1`);
    expect(verifyCalls(server)).toHaveLength(4);
  });
});
