import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import {
  addToLocalCart,
  cartItemCount,
  cartStore,
  clearCart,
  useCartCount,
  type CartMap,
} from './cart';

describe('cartItemCount', () => {
  it.each<[string, CartMap, number]>([
    ['an empty cart', {}, 0],
    ['one line', { p1: { M: 1 } }, 1],
    ['quantities add up across sizes and products', { p1: { M: 2, L: 1 }, p2: { '32': 3 } }, 6],
    ['lines at 0 do not count', { p1: { M: 0, L: 2 }, p2: { S: 0 } }, 2],
    ['negative or broken quantities do not count', { p1: { M: -1, L: Number.NaN, XL: 1 } }, 1],
    ['a product with no sizes left', { p1: {} }, 0],
  ])('%s → %i', (_, cart, expected) => {
    expect(cartItemCount(cart)).toBe(expected);
  });
});

describe('useCartCount', () => {
  it('follows the cart map', () => {
    clearCart();
    const { result } = renderHook(() => useCartCount());
    expect(result.current).toBe(0);
    act(() => addToLocalCart('p1', 'M'));
    act(() => addToLocalCart('p1', 'M'));
    act(() => addToLocalCart('p2', 'XL'));
    expect(cartStore.get()).toEqual({ p1: { M: 2 }, p2: { XL: 1 } });
    expect(result.current).toBe(3);
    act(() => clearCart());
    expect(result.current).toBe(0);
  });
});
