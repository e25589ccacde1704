import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { api, ApiError } from '@/lib/api-client';
import { cartStore, clearCart } from '@/lib/cart';
import { clearToken, setToken } from '@/lib/session';
import { VerifyPage } from './verify-page';

const notify = vi.hoisted(() => ({ error: vi.fn(), info: vi.fn(), success: vi.fn() }));
vi.mock('@/lib/toast', () => ({ notify }));

/** The network boundary: the payment check answers `verify`; the cart read answers the server's cart. */
function serverAnswers(
  verify: ApiError | 'paid',
  serverCartData: Record<string, Record<string, number>> = {},
) {
  return vi.spyOn(api, 'post').mockImplementation((path) => {
    if (path === '/api/order/verify')
      return verify === 'paid'
        ? Promise.resolve({ success: true, message: 'Payment Successful' })
        : Promise.reject(verify);
    if (path === '/api/cart/get') return Promise.resolve({ cartData: serverCartData });
    return Promise.reject(new Error(`unexpected call ${path}`));
  });
}

function renderAt(url: string) {
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/verify" element={<VerifyPage />} />
          <Route path="/orders" element={<p>Orders page</p>} />
          <Route path="/cart" element={<p>Cart page</p>} />
          <Route path="/login" element={<p>Login page</p>} />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  );
}

const ORDER = '0b9f3c1e-1d2a-4c3b-9e8f-123456789abc';
const verifyCalls = (post: ReturnType<typeof serverAnswers>) =>
  post.mock.calls.filter(([path]) => path === '/api/order/verify').map(([, body]) => body);

afterEach(() => {
  cleanup();
  clearToken();
  clearCart();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('<VerifyPage>', () => {
  it('a visitor goes to /login and nothing is asked', () => {
    const post = serverAnswers('paid');
    renderAt(`/verify?success=true&orderId=${ORDER}`);
    expect(screen.getByText('Login page')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('without an orderId: /cart, nothing asked', () => {
    setToken('t');
    const post = serverAnswers('paid');
    renderAt('/verify?success=true');
    expect(screen.getByText('Cart page')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('paid: asks once (even in StrictMode), empties the cart from the server, goes to /orders', async () => {
    setToken('t');
    cartStore.set({ p1: { M: 2 } });
    const post = serverAnswers('paid', {});
    renderAt(`/verify?success=true&orderId=${ORDER}`);
    expect(screen.getByRole('status').textContent).toContain('Verifying your payment…');

    await screen.findByText('Orders page');
    expect(verifyCalls(post)).toEqual([{ orderId: ORDER, success: 'true' }]);
    expect(cartStore.get()).toEqual({});
    expect(post.mock.calls.some(([path]) => path === '/api/cart/get')).toBe(true);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it("not paid (whatever `success` says): the server's reason as a toast, then /cart", async () => {
    setToken('t');
    cartStore.set({ p1: { M: 2 } });
    const post = serverAnswers(
      new ApiError('http', 'Payment not completed', {
        status: 200,
        serverMessage: 'Payment not completed',
      }),
    );
    renderAt(`/verify?success=true&orderId=${ORDER}`);
    await screen.findByText('Cart page');
    expect(verifyCalls(post)).toEqual([{ orderId: ORDER, success: 'true' }]);
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
    const offline = () => {
      const answer = Promise.reject(
        new ApiError('network', 'No response from server. Please check your internet connection.'),
      );
      answer.catch(() => undefined);
      return answer;
    };
    // A network failure is tried again twice, with back-off (lib/query.ts), before it is shown.
    const answers = [
      offline(),
      offline(),
      offline(),
      Promise.resolve({ success: true, message: 'Payment Successful' }),
    ];
    const post = vi.spyOn(api, 'post').mockImplementation((path) => {
      if (path === '/api/order/verify')
        return answers.shift() ?? Promise.reject(new Error('asked too often'));
      if (path === '/api/cart/get') return Promise.resolve({ cartData: {} });
      return Promise.reject(new Error(`unexpected call ${path}`));
    });
    renderAt(`/verify?success=true&orderId=${ORDER}`);
    await screen.findByText('We could not check your payment just now.', {}, { timeout: 4000 });
    expect(verifyCalls(post)).toHaveLength(3);
    expect(screen.queryByText('Cart page')).toBeNull();
    expect(notify.error).not.toHaveBeenCalled();

    screen.getByRole('button', { name: 'CHECK AGAIN' }).click();
    await screen.findByText('Orders page');
    expect(verifyCalls(post)).toHaveLength(4);
  });
});
