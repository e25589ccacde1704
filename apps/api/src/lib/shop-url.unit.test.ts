import { describe, expect, it } from 'vitest';
import { shopUrl } from './shop-url';

describe('shopUrl', () => {
  it.each([
    ['0.0.0.0', 3000, 'http://localhost:3000'],
    ['::', 3000, 'http://localhost:3000'],
    ['127.0.0.1', 8080, 'http://127.0.0.1:8080'],
    ['::1', 3000, 'http://[::1]:3000'],
    ['shop.internal', 3000, 'http://shop.internal:3000'],
  ])('%s:%s → %s', (host, port, url) => {
    expect(shopUrl(host, port)).toBe(url);
  });
});
