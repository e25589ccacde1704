import { describe, expect, it } from 'vitest';
import { cartGetResponseSchema } from '@vastra/shared/schemas/cart';
import { cartAnswerGuard } from './cart';

/**
 * The storefront checks `POST /api/cart/get` with a hand-written guard (no zod in the first
 * chunk, docs/decisions/022). It must give the same verdict and data as the shared contract.
 */
const id = '6f1c2f9e-8a43-4c5e-9a53-0d0b7b0f4a11';
describe('cartAnswerGuard agrees with cartGetResponseSchema', () => {
  it.each<[string, unknown]>([
    ['an empty cart', { success: true, cartData: {} }],
    ['a cart', { success: true, cartData: { [id]: { M: 2, L: 1 }, other: { '32': 10 } } }],
    [
      'a cart with a removal notice',
      {
        success: true,
        cartData: {},
        removed: ['Linen Shirt'],
        message: 'No longer available: Linen Shirt',
      },
    ],
    ['success false', { success: false, cartData: {} }],
    ['no cartData', { success: true }],
    ['cartData an array', { success: true, cartData: [] }],
    ['cartData null', { success: true, cartData: null }],
    ['sizes not a map', { success: true, cartData: { [id]: 3 } }],
    ['sizes an array', { success: true, cartData: { [id]: [1] } }],
    ['a quantity as text', { success: true, cartData: { [id]: { M: '2' } } }],
    ['a fractional quantity', { success: true, cartData: { [id]: { M: 1.5 } } }],
    ['a message that is not text', { success: true, cartData: {}, message: 3 }],
    ['not an object', 'cart'],
    ['null', null],
  ])('%s', (_, value) => {
    const contract = cartGetResponseSchema.safeParse(value);
    const guard = cartAnswerGuard.safeParse(value);
    expect(guard.success).toBe(contract.success);
    if (guard.success && contract.success) {
      expect(guard.data.cartData).toEqual(contract.data.cartData);
      expect(guard.data.message).toEqual(contract.data.message);
    }
  });
});
