import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Price } from './price';

afterEach(cleanup);

// The figures are worked out by hand (docs/decisions/126-mrp-display.md): the struck price is the
// product's MRP, discount = round((mrp − price) / mrp × 100); Indian digit grouping.
describe('<Price>', () => {
  it.each([
    [499, 768, '₹499', '₹768', '35% off'],
    [1299, 1998, '₹1,299', '₹1,998', '35% off'],
    [1499, 2306, '₹1,499', '₹2,306', '35% off'],
    [129999, 199998, '₹1,29,999', '₹1,99,998', '35% off'],
    [750, 1000, '₹750', '₹1,000', '25% off'],
    [1, 2, '₹1', '₹2', '50% off'],
  ])('%i with MRP %i shows %s, struck %s, %s', (price, mrp, current, original, off) => {
    render(<Price price={price} mrp={mrp} />);
    expect(screen.getByTestId('price-current').textContent).toBe(current);
    const struck = screen.getByTestId('price-original');
    expect(struck.tagName).toBe('S');
    expect(struck.textContent).toBe(original);
    expect(screen.getByTestId('price-discount').textContent).toBe(off);
  });

  it('reads as one sentence to a screen reader, the struck price named as the MRP', () => {
    render(<Price price={1499} mrp={2306} />);
    expect(screen.getByTestId('price').textContent).toBe('Price ₹1,499, MRP ₹2,306, 35% off');
  });

  it.each([
    ['no MRP', null],
    ['an MRP equal to the price', 1299],
    ['an MRP whose discount rounds to 0 %', 1300],
  ])('shows the price alone for a product with %s', (_, mrp) => {
    render(<Price price={1299} mrp={mrp} />);
    expect(screen.getByTestId('price').textContent).toBe('Price ₹1,299');
    expect(screen.queryByTestId('price-original')).toBeNull();
    expect(screen.queryByTestId('price-discount')).toBeNull();
  });
});
