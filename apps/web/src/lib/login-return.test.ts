import { describe, expect, it } from 'vitest';
import { loginReturnState, readLoginReturn } from './login-return';

describe('the way back after a login', () => {
  it('reads back what the page put in the navigation state', () => {
    const state = loginReturnState({ from: '/product/p1', add: { productId: 'p1', size: 'L' } });
    expect(readLoginReturn(state)).toEqual({
      from: '/product/p1',
      add: { productId: 'p1', size: 'L' },
    });
    expect(readLoginReturn(loginReturnState({ from: '/orders?page=2' }))).toEqual({
      from: '/orders?page=2',
    });
  });

  it.each([
    ['no state', null],
    ['another site', { loginReturn: { from: '//evil.example/x' } }],
    ['a full address', { loginReturn: { from: 'https://evil.example/' } }],
    ['not a path', { loginReturn: { from: 42 } }],
  ])('ignores %s', (_name, state) => {
    expect(readLoginReturn(state)).toBeNull();
  });

  it('drops a malformed action but keeps the way back', () => {
    expect(readLoginReturn({ loginReturn: { from: '/cart', add: { productId: 1 } } })).toEqual({
      from: '/cart',
    });
  });
});
