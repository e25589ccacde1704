import { describe, expect, it } from 'vitest';
import { lookUpPin } from './pin-directory';

describe('lookUpPin (India Post’s directory shipped in apps/api/data)', () => {
  it.each([
    ['560001', '29', 'Karnataka'],
    ['110001', '07', 'Delhi'],
    ['194101', '38', 'Ladakh'],
    [' 400050 ', '27', 'Maharashtra'],
  ])('%s is in %s (%s)', (pin, code, name) => {
    expect(lookUpPin(pin)?.state).toEqual({ code, name });
  });

  it('knows nothing of a PIN India Post does not list', () => {
    expect(lookUpPin('999999')).toBeUndefined();
    expect(lookUpPin('')).toBeUndefined();
  });
});
