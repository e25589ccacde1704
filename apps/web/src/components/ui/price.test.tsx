import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Price } from './price';

afterEach(cleanup);

// The figures are worked out by hand from docs/product.md (§3): original = round(price / 0.65),
// discount = round((original − price) / original × 100); Indian digit grouping.
describe('<Price>', () => {
  it.each([
    [499, '₹499', '₹768', '35% off'],
    [1299, '₹1,299', '₹1,998', '35% off'],
    [1999, '₹1,999', '₹3,075', '35% off'],
    [129999, '₹1,29,999', '₹1,99,998', '35% off'],
    [1, '₹1', '₹2', '50% off'],
  ])('%i shows %s, struck %s, %s', (price, current, original, off) => {
    render(<Price price={price} />);
    expect(screen.getByTestId('price-current').textContent).toBe(current);
    const struck = screen.getByTestId('price-original');
    expect(struck.tagName).toBe('S');
    expect(struck.textContent).toBe(original);
    expect(screen.getByTestId('price-discount').textContent).toBe(off);
  });

  it('reads as one sentence to a screen reader', () => {
    render(<Price price={1299} />);
    expect(screen.getByTestId('price').textContent).toBe('Price ₹1,299, was ₹1,998, 35% off');
  });

  it('shows no discount for a free item', () => {
    render(<Price price={0} />);
    expect(screen.getByTestId('price-current').textContent).toBe('₹0');
    expect(screen.queryByTestId('price-original')).toBeNull();
  });
});
