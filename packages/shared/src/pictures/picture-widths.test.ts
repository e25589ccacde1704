import { describe, expect, it } from 'vitest';
import { pictureName, pictureSrcset } from './picture-widths';

describe('pictureSrcset', () => {
  it('lists the 400 px and 800 px copies of an uploaded or seeded picture', () => {
    expect(pictureSrcset('/uploads/products/upload-0123456789abcdef0123-w800.webp')).toBe(
      '/uploads/products/upload-0123456789abcdef0123-w400.webp 400w, ' +
        '/uploads/products/upload-0123456789abcdef0123-w800.webp 800w',
    );
    expect(pictureSrcset('/uploads/products/snitch-oxford-white-front-91ea89e3ba-w800.webp')).toBe(
      '/uploads/products/snitch-oxford-white-front-91ea89e3ba-w400.webp 400w, ' +
        '/uploads/products/snitch-oxford-white-front-91ea89e3ba-w800.webp 800w',
    );
  });

  it('keeps the store’s public base URL (a CDN) in front of both copies', () => {
    expect(pictureSrcset('https://cdn.example.com/vastra/products/upload-ab12-w800.webp')).toBe(
      'https://cdn.example.com/vastra/products/upload-ab12-w400.webp 400w, ' +
        'https://cdn.example.com/vastra/products/upload-ab12-w800.webp 800w',
    );
  });

  it('has none for a URL the rule did not make', () => {
    for (const url of [
      // the seed's names before the rule: one width only
      '/uploads/products/snitch-oxford-white-front-91ea89e3ba.webp',
      // another host's picture, another folder, another format
      'https://images.example.com/shirt.jpg',
      '/uploads/videos/clip-w800.webp',
      '/uploads/products/upload-ab12-w800.png',
      // the small copy itself, a query string, a name a store key cannot have
      '/uploads/products/upload-ab12-w400.webp',
      '/uploads/products/upload-ab12-w800.webp?v=2',
      '/uploads/products/a b-w800.webp',
      '/uploads/products/-w800.webp',
      '',
    ])
      expect(pictureSrcset(url), url).toBeUndefined();
  });
});

describe('pictureName', () => {
  it('names a width’s copy the way the uploads and the seed store it', () => {
    expect(pictureName('products/upload-ab12', 800)).toBe('products/upload-ab12-w800.webp');
    expect(pictureName('products/upload-ab12', 400)).toBe('products/upload-ab12-w400.webp');
  });
});
