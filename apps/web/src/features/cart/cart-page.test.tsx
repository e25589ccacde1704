import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { api } from '@/lib/api-client';
import type { Product } from '@vastra/shared/schemas/product';
import { cartStore, clearCart, type CartMap } from '@/lib/cart/cart';
import { catalogueKeys } from '@/lib/catalogue-keys';
import { setQueryData } from '@/lib/query';
import { cartProductIds } from '@/lib/use-cart-products';
import { clearToken, setToken } from '@/lib/session';
import { answerCalls, sentTo } from '@/test/api-answers';
import { makeProduct } from '@/test-fixtures';
import { CartPage } from './cart-page';

const notify = vi.hoisted(() => ({ error: vi.fn(), info: vi.fn(), success: vi.fn() }));
// The real toast library (a removed line's Undo toast uses it), messages counted here.
vi.mock('@/lib/toast', async (actual) => ({ ...(await actual<object>()), notify }));

const shirt = makeProduct({ _id: 'p1', name: 'Linen Shirt', price: 1299 });
const pants = makeProduct({ _id: 'p2', name: 'Slim Chinos', price: 1999, sizes: ['30', '32'] });

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/cart']}>
      <Routes>
        <Route path="/cart" element={<CartPage />} />
        <Route path="/place-order" element={<p>Place order page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const text = (id: string) => screen.getByTestId(id).textContent;

/** The cart, and what GET /api/product/by-ids last answered for its lines (docs/decisions/146). */
function fill(cart: CartMap, products: Product[] = [shirt, pants]) {
  cartStore.set(cart);
  setQueryData(
    catalogueKeys.byIds(cartProductIds(cart)),
    products.filter((p) => p._id in cart),
  );
}

afterEach(() => {
  cleanup();
  clearToken();
  clearCart();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('<CartPage>', () => {
  it('"Loading cart..." while the products load', () => {
    cartStore.set({ p1: { M: 1 } });
    vi.spyOn(api, 'call').mockReturnValue(new Promise(() => undefined));
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Loading cart...');
  });

  it('the empty state for an empty cart (a visitor too)', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Your Cart is Empty' })).toBeTruthy();
    expect(screen.getByText("Looks like you haven't added anything yet.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'PROCEED TO CHECKOUT' })).toBeNull();
  });

  it('one line per product and size, with the totals from the shared pricing', () => {
    fill({ p1: { M: 2, L: 1 }, p2: { '32': 1, '30': 0 }, gone: { M: 3 } });
    renderPage();
    const lines = screen.getAllByTestId('cart-line');
    expect(lines).toHaveLength(3);
    expect(within(lines[0]!).getByRole('heading', { name: 'Linen Shirt' })).toBeTruthy();
    expect((within(lines[0]!).getByTestId('cart-line-size') as HTMLSelectElement).value).toBe('M');
    expect(within(lines[0]!).getByTestId('cart-line-quantity').textContent).toBe('2');
    expect(within(lines[0]!).getByRole('img', { name: 'Linen Shirt' })).toBeTruthy();
    // 1299 × 3 + 1999 = 5896; + 49 delivery.
    expect(text('cart-subtotal')).toBe('₹5,896');
    expect(text('cart-delivery-fee')).toBe('₹49');
    expect(text('cart-total')).toBe('₹5,945');
    // Neither product declares an MRP: no MRP lines, no saving claimed.
    expect(screen.queryByTestId('cart-total-mrp')).toBeNull();
    expect(screen.queryByTestId('cart-mrp-discount')).toBeNull();
    expect(screen.queryByTestId('cart-you-save')).toBeNull();
  });

  it('Total MRP, Discount on MRP and "You save" when a line has an MRP above its price', () => {
    fill({ p1: { M: 2 }, p2: { '32': 1 } }, [{ ...shirt, mrp: 1998 }, pants]);
    renderPage();
    // MRP 1998 × 2 + pants at its price 1999 = 5995; subtotal 1299 × 2 + 1999 = 4597.
    expect(text('cart-total-mrp')).toBe('₹5,995');
    expect(text('cart-mrp-discount')).toBe('−₹1,398');
    expect(text('cart-subtotal')).toBe('₹4,597');
    expect(text('cart-delivery-fee')).toBe('₹49');
    expect(text('cart-total')).toBe('₹4,646');
    expect(text('cart-you-save')).toBe('You save ₹1,398');
    const labels = [...document.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(labels).toEqual(['Total MRP', 'Discount on MRP', 'Subtotal', 'Delivery Fee', 'Total']);
  });

  it('minus stops at 1, plus and remove change the line and go to the server', async () => {
    setToken('t');
    const server = answerCalls((name) =>
      name === 'cart.get'
        ? { success: true, cartData: cartStore.get() }
        : name === 'catalog.byIds'
          ? { success: true, products: [shirt, pants] }
          : { success: true, message: 'ok', quantity: 0 },
    );
    fill({ p1: { M: 1 }, p2: { '32': 2 } });
    renderPage();
    const minus = screen.getByRole('button', { name: 'Decrease quantity of Linen Shirt, size M' });
    expect((minus as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(
      screen.getByRole('button', { name: 'Increase quantity of Linen Shirt, size M' }),
    );
    expect(cartStore.get().p1).toEqual({ M: 2 });
    expect((minus as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(
      screen.getByRole('button', { name: 'Decrease quantity of Slim Chinos, size 32' }),
    );
    fireEvent.click(
      screen.getByRole('button', { name: 'Remove Linen Shirt, size M from the cart' }),
    );
    expect(cartStore.get()).toEqual({ p2: { '32': 1 } });
    await waitFor(() =>
      expect(sentTo(server, 'cart.update').map(({ body }) => body)).toEqual([
        { itemId: 'p1', size: 'M', quantity: 2 },
        { itemId: 'p2', size: '32', quantity: 1 },
        { itemId: 'p1', size: 'M', quantity: 0 },
      ]),
    );
    expect(text('cart-total')).toBe('₹2,048');
  });

  it('PROCEED TO CHECKOUT goes to /place-order', () => {
    fill({ p1: { M: 1 } });
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'PROCEED TO CHECKOUT' }));
    expect(screen.getByText('Place order page')).toBeTruthy();
  });

  describe('stock', () => {
    const fixCart =
      'Some items in your cart are no longer available in the quantity you chose. Please update your cart to continue.';

    it('a sold-out line and a line beyond what is left say so, and checkout waits until they are fixed', () => {
      fill({ p1: { M: 1, L: 3 }, p2: { '32': 1 } }, [
        { ...shirt, stock: { S: 10, M: 0, L: 2 } },
        { ...pants, stock: { '30': 10, '32': 10 } },
      ]);
      // A visitor's cart (changes stay local); the catalogue read on opening says the same.
      answerCalls(() => ({
        success: true,
        products: [{ ...shirt, stock: { S: 10, M: 0, L: 2 } }, pants],
      }));
      renderPage();
      const [m, l, chinos] = screen.getAllByTestId('cart-line');
      expect(within(m!).getByTestId('cart-line-stock').textContent).toBe('Size M is sold out');
      expect(within(l!).getByTestId('cart-line-stock').textContent).toBe('Only 2 left in size L');
      expect(within(chinos!).queryByTestId('cart-line-stock')).toBeNull();
      // + stops at what is left.
      expect(
        (
          within(l!).getByRole('button', {
            name: 'Increase quantity of Linen Shirt, size L',
          }) as HTMLButtonElement
        ).disabled,
      ).toBe(true);

      const proceed = screen.getByRole('button', { name: 'PROCEED TO CHECKOUT' });
      expect(proceed.getAttribute('aria-disabled')).toBe('true');
      expect(screen.getByRole('alert').textContent).toBe(fixCart);
      expect(proceed.getAttribute('aria-describedby')).toBe('cart-fix');
      fireEvent.click(proceed);
      expect(screen.queryByText('Place order page')).toBeNull();

      // The shopper removes the sold-out line and lowers the other to 2: checkout opens.
      fireEvent.click(
        within(m!).getByRole('button', { name: 'Remove Linen Shirt, size M from the cart' }),
      );
      fireEvent.click(
        within(l!).getByRole('button', { name: 'Decrease quantity of Linen Shirt, size L' }),
      );
      expect(cartStore.get()).toEqual({ p1: { L: 2 }, p2: { '32': 1 } });
      expect(screen.queryByTestId('cart-line-stock')).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(proceed.getAttribute('aria-disabled')).toBeNull();
      fireEvent.click(proceed);
      expect(screen.getByText('Place order page')).toBeTruthy();
    });

    it('opening the cart reads its products afresh: a size sold since shows it on its line', async () => {
      fill({ p1: { M: 1 } });
      const server = answerCalls(() => ({
        success: true,
        products: [{ ...shirt, stock: { S: 10, M: 0, L: 10 } }, pants],
      }));
      renderPage();
      // The cached answer first (M in stock), then the fresh one.
      expect(screen.queryByTestId('cart-line-stock')).toBeNull();
      await waitFor(() =>
        expect(screen.getByTestId('cart-line-stock').textContent).toBe('Size M is sold out'),
      );
      // Its lines' products by id, never the whole catalogue.
      expect(server.mock.calls.map(([name]) => name)).toEqual(['catalog.byIds']);
      expect(sentTo(server, 'catalog.byIds')[0]?.query).toEqual({ ids: 'p1' });
      expect(
        screen.getByRole('button', { name: 'PROCEED TO CHECKOUT' }).getAttribute('aria-disabled'),
      ).toBe('true');
    });

    it('units the shopper’s own open order holds count as theirs: no block by their own hold', async () => {
      setToken('t');
      // The catalogue says M is gone: this shopper's unpaid order holds the last 2.
      answerCalls((name) =>
        name === 'cart.get'
          ? { success: true, cartData: { p1: { M: 2, L: 3 } }, held: { p1: { M: 2, L: 1 } } }
          : { success: true, products: [{ ...shirt, stock: { S: 10, M: 0, L: 1 } }, pants] },
      );
      renderPage();
      const [m, l] = await screen.findAllByTestId('cart-line');
      await waitFor(() =>
        expect(within(l!).getByTestId('cart-line-stock').textContent).toBe('Only 2 left in size L'),
      );
      expect(within(m!).queryByTestId('cart-line-stock')).toBeNull();
      expect(
        screen.getByRole('button', { name: 'PROCEED TO CHECKOUT' }).getAttribute('aria-disabled'),
      ).toBe('true');
    });
  });
});
