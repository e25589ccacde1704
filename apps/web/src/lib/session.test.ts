import { describe, expect, it } from 'vitest';
import { clearToken, getToken, setToken, TOKEN_STORAGE_KEY } from './session';

describe('session token', () => {
  it('is kept in local storage under "token" and forgotten on clear', () => {
    expect(TOKEN_STORAGE_KEY).toBe('token');
    setToken('t-123');
    expect(getToken()).toBe('t-123');
    expect(window.localStorage.getItem('token')).toBe('t-123');
    clearToken();
    expect(getToken()).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
