import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { makeProduct } from '@/test-fixtures';
import { PICTURE_SIZES } from '@vastra/shared/pictures/picture-sizes';
import { ProductCard } from './product-card';

afterEach(cleanup);

function renderCard(
  stock: Record<string, number>,
  mrp: number | null = null,
  image = ['/uploads/products/p1-1.webp'],
) {
  const product = makeProduct({ _id: 'p1', name: 'Linen Shirt', price: 1499, mrp, stock, image });
  render(
    <MemoryRouter>
      <ProductCard product={product} sizes={PICTURE_SIZES.row} />
    </MemoryRouter>,
  );
  return screen.getByRole('link');
}

describe('ProductCard', () => {
  it('says "Sold out" when every size is at 0, in the link a screen reader announces', () => {
    const link = renderCard({ S: 0, M: 0, L: 0 });
    expect(screen.getByTestId('card-sold-out').textContent).toBe('Sold out');
    expect(link.textContent).toContain('Sold out');
  });

  it('says nothing about stock while one size is left, even a single unit', () => {
    renderCard({ S: 0, M: 1, L: 0 });
    expect(screen.queryByTestId('card-sold-out')).toBeNull();
    expect(screen.getByRole('link').textContent).not.toContain('Sold out');
  });

  it('strikes through the product’s own MRP and names it as such', () => {
    const link = renderCard({ S: 1 }, 2306);
    expect(screen.getByTestId('price-original').textContent).toBe('₹2,306');
    expect(screen.getByTestId('price-discount').textContent).toBe('35% off');
    expect(link.textContent).toContain('Price ₹1,499, MRP ₹2,306, 35% off');
  });

  it('shows the price alone for a product without an MRP', () => {
    const link = renderCard({ S: 1 });
    expect(screen.queryByTestId('price-original')).toBeNull();
    expect(screen.queryByTestId('price-discount')).toBeNull();
    expect(link.textContent).not.toContain('MRP');
    expect(link.textContent).not.toContain('off');
  });

  it('offers the 400 px and 800 px copies of a stored picture, sized as its layout draws it', () => {
    renderCard({ S: 1 }, null, ['/uploads/products/upload-ab12-w800.webp']);
    const img = screen.getByRole('img');
    expect(img.getAttribute('src')).toBe('/uploads/products/upload-ab12-w800.webp');
    expect(img.getAttribute('srcset')).toBe(
      '/uploads/products/upload-ab12-w400.webp 400w, /uploads/products/upload-ab12-w800.webp 800w',
    );
    expect(img.getAttribute('sizes')).toBe(PICTURE_SIZES.row);
  });

  it('shows a picture with no known smaller copy by its src alone', () => {
    renderCard({ S: 1 }, null, ['https://images.example.com/shirt.jpg']);
    const img = screen.getByRole('img');
    expect(img.getAttribute('src')).toBe('https://images.example.com/shirt.jpg');
    expect(img.hasAttribute('srcset')).toBe(false);
  });
});
