import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerCalls } from '@/test/api-answers';
import { ApiError } from '../api-client';
import { cartStore, clearCart, loadCart } from './cart';
import { addToCart, updateCartQuantity } from './cart-sync';
import { clearToken, setToken } from '../session';

const notify = vi.hoisted(() => ({ error: vi.fn(), info: vi.fn(), success: vi.fn() }));
vi.mock('../toast', () => ({ notify }));

/** A fake server whose answers the test releases one by one (each checked as `call` checks it). */
function deferredCalls() {
  const calls: {
    name: string;
    body: unknown;
    resolve: (v: unknown) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const call = answerCalls(
    (name, { body }) =>
      new Promise((resolve, reject) => calls.push({ name, body, resolve, reject })),
  );
  return { call, calls };
}

/** Every call refused with `error`. */
const refuseCalls = (error: ApiError) =>
  answerCalls(() => {
    throw error;
  });

const refusal = (message: string) =>
  new ApiError('http', message, { status: 400, serverMessage: message });
const flush = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  clearToken();
  clearCart();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('cart changes', () => {
  it('are sent one at a time, in click order', async () => {
    setToken('t');
    const { calls } = deferredCalls();
    cartStore.set({ p1: { M: 1 } });
    const first = updateCartQuantity('p1', 'M', 2);
    const second = updateCartQuantity('p1', 'M', 3);
    expect(cartStore.get()).toEqual({ p1: { M: 3 } });
    await flush();
    // The second waits for the first's answer.
    expect(calls.map((c) => c.body)).toEqual([{ itemId: 'p1', size: 'M', quantity: 2 }]);
    calls[0]!.resolve({ success: true, message: 'Cart updated', quantity: 2 });
    await first;
    await flush();
    expect(calls.map((c) => c.body)).toEqual([
      { itemId: 'p1', size: 'M', quantity: 2 },
      { itemId: 'p1', size: 'M', quantity: 3 },
    ]);
    calls[1]!.resolve({ success: true, message: 'Cart updated', quantity: 3 });
    expect(await second).toEqual({ ok: true });
  });

  it('a refused update puts the previous quantity back and shows the message', async () => {
    setToken('t');
    refuseCalls(refusal('Quantity must be a whole number from 0 to 10'));
    cartStore.set({ p1: { M: 4 }, p2: { L: 1 } });
    const result = await updateCartQuantity('p1', 'M', 5);
    expect(result.ok).toBe(false);
    expect(cartStore.get()).toEqual({ p1: { M: 4 }, p2: { L: 1 } });
    expect(notify.error).toHaveBeenCalledExactlyOnceWith(
      'Quantity must be a whole number from 0 to 10',
    );
  });

  it('a refused add of a new line removes just that line', async () => {
    setToken('t');
    refuseCalls(refusal('Your cart can hold at most 20 different items'));
    cartStore.set({ p2: { L: 1 } });
    await addToCart('p1', 'M');
    expect(cartStore.get()).toEqual({ p2: { L: 1 } });
    expect(notify.error).toHaveBeenCalledExactlyOnceWith(
      'Your cart can hold at most 20 different items',
    );
  });

  it('a visitor’s changes stay local (no call)', async () => {
    const { call } = deferredCalls();
    cartStore.set({ p1: { M: 2 } });
    await updateCartQuantity('p1', 'M', 0);
    expect(cartStore.get()).toEqual({});
    expect(call).not.toHaveBeenCalled();
  });
});

describe('loadCart', () => {
  it('puts the server’s cart in the store and shows a removal notice', async () => {
    setToken('t');
    answerCalls(() => ({
      success: true,
      cartData: { p1: { M: 2 } },
      removed: ['Old Tee'],
      message: 'No longer available and removed from your cart: Old Tee',
    }));
    await loadCart();
    expect(cartStore.get()).toEqual({ p1: { M: 2 } });
    expect(notify.info).toHaveBeenCalledExactlyOnceWith(
      'No longer available and removed from your cart: Old Tee',
    );
  });

  it('a read that started before a change does not overwrite it; it is read again after', async () => {
    setToken('t');
    const { calls } = deferredCalls();
    const load = loadCart();
    const add = addToCart('p1', 'M');
    expect(cartStore.get()).toEqual({ p1: { M: 1 } });
    await flush();
    // The stale read answers first: empty. It must not wipe the line just added.
    calls[0]!.resolve({ success: true, cartData: {} });
    await load;
    expect(cartStore.get()).toEqual({ p1: { M: 1 } });
    calls[1]!.resolve({ success: true, message: 'Product added to the Cart', quantity: 1 });
    await add;
    await flush();
    // Then the cart is read again and the server's answer applied.
    expect(calls[2]?.name).toBe('cart.get');
    calls[2]!.resolve({ success: true, cartData: { p1: { M: 1 } } });
    await flush();
    expect(cartStore.get()).toEqual({ p1: { M: 1 } });
  });

  it('a read for a session that ended meanwhile is dropped', async () => {
    setToken('t');
    const { calls } = deferredCalls();
    const load = loadCart();
    clearToken();
    calls[0]!.resolve({ success: true, cartData: { p1: { M: 3 } } });
    await load;
    expect(cartStore.get()).toEqual({});
  });
});
