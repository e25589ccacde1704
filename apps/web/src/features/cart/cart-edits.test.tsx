import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { ApiError } from '@/lib/api-client';
import { cartStore, clearCart } from '@/lib/cart/cart';
import { catalogueKeys } from '@/lib/catalogue-keys';
import { setQueryData } from '@/lib/query';
import { clearToken, setToken } from '@/lib/session';
import { answerCalls, sentTo, type ServerAnswer } from '@/test/api-answers';
import { makeProduct } from '@/test-fixtures';
import { CartPage } from './cart-page';

/**
 * The cart line's edits (docs/decisions/144-cart-edits.md): why plus stops, removing with Undo,
 * and changing the size. The toast library is the real one, drawn by its container here.
 */

const notify = vi.hoisted(() => ({ error: vi.fn(), info: vi.fn(), success: vi.fn() }));
vi.mock('@/lib/toast', async (actual) => ({ ...(await actual<object>()), notify }));

const shirt = makeProduct({ _id: 'p1', name: 'Linen Shirt', sizes: ['S', 'M', 'L', 'XL'] });

function renderPage() {
  return render(
    <MemoryRouter>
      <CartPage />
      <ToastContainer />
    </MemoryRouter>,
  );
}

/** The catalogue on screen, and the same answer to the cart page's fresh read of it. */
function catalogueWith(stock: Record<string, number>, answer?: ServerAnswer) {
  const product = { ...shirt, stock };
  setQueryData(catalogueKeys.byIds([product._id]), [product]);
  return answerCalls((name, sent) => {
    if (name === 'catalog.byIds') return { success: true, products: [product] };
    if (name === 'cart.get') return { success: true, cartData: cartStore.get() };
    if (!answer) throw new Error(`${name} was not expected`);
    return answer(name, sent);
  });
}

const FULL = { S: 10, M: 10, L: 10, XL: 10 };
const plus = (size: string) =>
  screen.getByRole('button', { name: `Increase quantity of Linen Shirt, size ${size}` });

beforeEach(() => {
  catalogueWith(FULL);
});
afterEach(() => {
  cleanup();
  clearToken();
  clearCart();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('why plus stops', () => {
  it('at 10: "10 is the most per order line" beside the line and as the button’s description', () => {
    cartStore.set({ p1: { M: 10, L: 9 } });
    renderPage();
    const [m, l] = screen.getAllByTestId('cart-line');
    const note = within(m!).getByTestId('cart-line-limit');
    expect(note.textContent).toBe('10 is the most per order line');
    expect((plus('M') as HTMLButtonElement).disabled).toBe(true);
    expect(plus('M').getAttribute('aria-describedby')).toBe(note.id);
    // Below the limit: nothing to explain.
    expect(within(l!).queryByTestId('cart-line-limit')).toBeNull();
    expect(plus('L').getAttribute('aria-describedby')).toBeNull();
  });

  it('at what is left of the size: "Only 3 left in size L"', () => {
    catalogueWith({ ...FULL, L: 3 });
    cartStore.set({ p1: { L: 3 } });
    renderPage();
    const note = screen.getByTestId('cart-line-limit');
    expect(note.textContent).toBe('Only 3 left in size L');
    expect(plus('L').getAttribute('aria-describedby')).toBe(note.id);
    // Not a problem to fix: checkout stays open.
    expect(screen.queryByTestId('cart-line-stock')).toBeNull();
  });
});

describe('remove, then Undo', () => {
  const removeM = () =>
    screen.getByRole('button', { name: 'Remove Linen Shirt, size M from the cart' });

  it('a visitor: the toast names the line and Undo puts the same quantity back', async () => {
    cartStore.set({ p1: { M: 3, L: 1 } });
    renderPage();
    fireEvent.click(removeM(), { detail: 1 });
    expect(cartStore.get()).toEqual({ p1: { L: 1 } });
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Removed Linen Shirt (size M)');
    const undo = within(toast).getByRole('button', { name: 'Undo' });
    // A pointer's remove leaves the focus where it was.
    expect(document.activeElement).not.toBe(undo);
    fireEvent.click(undo);
    expect(cartStore.get()).toEqual({ p1: { M: 3, L: 1 } });
  });

  it('from the keyboard: the focus goes to Undo', async () => {
    cartStore.set({ p1: { M: 2 } });
    renderPage();
    // Enter or Space on a button is a click without a pointer position: detail 0.
    fireEvent.click(removeM(), { detail: 0 });
    const undo = await screen.findByRole('button', { name: 'Undo' });
    await waitFor(() => expect(document.activeElement).toBe(undo));
  });

  it('signed in: both changes go through the server’s cart calls', async () => {
    setToken('token');
    const server = catalogueWith(FULL, (_, sent) => ({
      success: true,
      message: 'ok',
      quantity: (sent.body as { quantity: number }).quantity,
    }));
    cartStore.set({ p1: { M: 2 } });
    renderPage();
    fireEvent.click(removeM());
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(sentTo(server, 'cart.update').map(({ body }) => body)).toEqual([
        { itemId: 'p1', size: 'M', quantity: 0 },
        { itemId: 'p1', size: 'M', quantity: 2 },
      ]),
    );
    expect(cartStore.get()).toEqual({ p1: { M: 2 } });
  });

  it('signed in, the stock fell meanwhile: the server’s message, the line stays removed', async () => {
    setToken('token');
    const refusal = 'Only 1 left in size M';
    catalogueWith(FULL, (_, sent) => {
      const { quantity } = sent.body as { quantity: number };
      if (quantity > 0)
        throw new ApiError('http', refusal, { status: 409, serverMessage: refusal });
      return { success: true, message: 'ok', quantity };
    });
    cartStore.set({ p1: { M: 2 } });
    renderPage();
    fireEvent.click(removeM());
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(refusal));
    expect(cartStore.get()).toEqual({});
  });
});

describe('changing the size', () => {
  const sizeOf = (name = 'Linen Shirt') =>
    screen.getAllByRole('combobox', { name: `Size for ${name}` });

  it('offers the product’s sizes; a sold-out one is named and cannot be chosen', () => {
    catalogueWith({ ...FULL, XL: 0 });
    cartStore.set({ p1: { M: 1 } });
    renderPage();
    const [select] = sizeOf() as [HTMLSelectElement];
    expect(select.value).toBe('M');
    const options = [...select.options].map((o) => [o.textContent, o.disabled]);
    expect(options).toEqual([
      ['S', false],
      ['M', false],
      ['L', false],
      ['XL (sold out)', true],
    ]);
  });

  it('a visitor: merges into the line of that size, locally', async () => {
    const server = catalogueWith(FULL);
    cartStore.set({ p1: { M: 2, L: 3 } });
    renderPage();
    fireEvent.change(sizeOf()[0]!, { target: { value: 'L' } });
    expect(cartStore.get()).toEqual({ p1: { L: 5 } });
    await waitFor(() =>
      expect(notify.info).toHaveBeenCalledWith('Size changed to L, merged into that line: now 5'),
    );
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    expect(sentTo(server, 'cartEdits.resize')).toEqual([]);
  });

  it('a visitor, past 10: the new size fills to 10 and the rest stays, with the reason', async () => {
    cartStore.set({ p1: { M: 3, L: 9 } });
    renderPage();
    fireEvent.change(sizeOf()[0]!, { target: { value: 'L' } });
    expect(cartStore.get()).toEqual({ p1: { M: 2, L: 10 } });
    await waitFor(() =>
      expect(notify.info).toHaveBeenCalledWith(
        'Size L has 10, the most per order line: 2 stay in size M',
      ),
    );
  });

  it('a visitor, the new size full: nothing moves, the reason is shown', () => {
    cartStore.set({ p1: { M: 1, L: 10 } });
    renderPage();
    fireEvent.change(sizeOf()[0]!, { target: { value: 'L' } });
    expect(cartStore.get()).toEqual({ p1: { M: 1, L: 10 } });
    expect(notify.error).toHaveBeenCalledWith('Size L has 10, the most per order line');
  });

  it('signed in: one call, and the cart keeps what the server answers', async () => {
    setToken('token');
    // The server knows of less stock than the page did: 4 of L fit, 1 stays in M.
    const server = catalogueWith(FULL, () => ({
      success: true,
      message: 'Only 4 left in size L: 1 stays in size M',
      quantity: 4,
      fromQuantity: 1,
    }));
    cartStore.set({ p1: { M: 3, L: 2 } });
    renderPage();
    await act(async () => {
      fireEvent.change(sizeOf()[0]!, { target: { value: 'L' } });
    });
    await waitFor(() => expect(cartStore.get()).toEqual({ p1: { M: 1, L: 4 } }));
    expect(sentTo(server, 'cartEdits.resize').map(({ body }) => body)).toEqual([
      { itemId: 'p1', from: 'M', to: 'L' },
    ]);
    expect(notify.info).toHaveBeenCalledWith('Only 4 left in size L: 1 stays in size M');
  });

  it('signed in, refused: the lines go back and the server’s message shows', async () => {
    setToken('token');
    const refusal = 'Size L is sold out';
    catalogueWith(FULL, () => {
      throw new ApiError('http', refusal, { status: 409, serverMessage: refusal });
    });
    cartStore.set({ p1: { M: 2 } });
    renderPage();
    fireEvent.change(sizeOf()[0]!, { target: { value: 'L' } });
    // Applied at once, then undone by the refusal.
    expect(cartStore.get()).toEqual({ p1: { L: 2 } });
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(refusal));
    expect(cartStore.get()).toEqual({ p1: { M: 2 } });
  });
});
