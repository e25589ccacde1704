import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { ProductThumb } from './product-thumb';

afterEach(cleanup);

describe('<ProductThumb>', () => {
  it('a lazily loaded picture with its size reserved and the size classes given', () => {
    const { container } = render(
      <ProductThumb src="/a.webp" alt="Linen Shirt" width={64} height={80} className="h-20 w-16" />,
    );
    const img = container.querySelector('img')!;
    expect(img.getAttribute('alt')).toBe('Linen Shirt');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['64', '80']);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.className.split(' ')).toEqual(
      expect.arrayContaining(['h-20', 'w-16', 'bg-line/60', 'object-cover']),
    );
  });

  it('a grey box of the same size when the product has no picture', () => {
    const { container } = render(
      <ProductThumb src={undefined} alt="" width={40} height={50} className="h-[50px] w-10" />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.firstElementChild?.className).toBe('h-[50px] w-10 bg-line/60');
  });

  it('lets the browser take the 400 px copy of a stored picture for its fixed width', () => {
    const { container } = render(
      <ProductThumb
        src="/uploads/products/upload-ab12-w800.webp"
        alt=""
        width={96}
        height={120}
        className="h-[120px] w-24"
      />,
    );
    const img = container.querySelector('img')!;
    expect(img.getAttribute('srcset')).toBe(
      '/uploads/products/upload-ab12-w400.webp 400w, /uploads/products/upload-ab12-w800.webp 800w',
    );
    expect(img.getAttribute('sizes')).toBe('96px');
  });
});
