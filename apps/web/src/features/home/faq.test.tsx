import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import {
  DELIVERY_DAYS,
  DELIVERY_FEE,
  PROCESSING_DAYS,
  REFUND_DAYS,
  RETURN_WINDOW_DAYS,
} from '@vastra/shared/constants';
import { Faq } from './faq';

afterEach(cleanup);

const questions = () => screen.getAllByRole('button');
const openOnes = () => questions().filter((b) => b.getAttribute('aria-expanded') === 'true');

describe('<Faq>', () => {
  it('has 5 questions, the first one open', () => {
    render(<Faq />);
    expect(questions()).toHaveLength(5);
    expect(openOnes().map((b) => b.textContent)).toEqual(['How long does delivery take?']);
    expect(within(screen.getByTestId('faq')).getAllByRole('region')).toHaveLength(1);
  });

  it('opens one answer at a time, and closes the open one on a second click', () => {
    render(<Faq />);
    fireEvent.click(
      screen.getByRole('button', { name: 'What is your return and exchange policy?' }),
    );
    expect(openOnes().map((b) => b.textContent)).toEqual([
      'What is your return and exchange policy?',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Is cash on delivery available?' }));
    expect(openOnes().map((b) => b.textContent)).toEqual(['Is cash on delivery available?']);
    fireEvent.click(screen.getByRole('button', { name: 'Is cash on delivery available?' }));
    expect(openOnes()).toHaveLength(0);
  });

  it("states the shop's own numbers: fee, processing, delivery, return window and refund time", () => {
    render(<Faq />);
    const delivery = screen.getByRole('region', {
      name: 'How long does delivery take?',
    }).textContent;
    expect(delivery).toContain(`${PROCESSING_DAYS.min}–${PROCESSING_DAYS.max} business days`);
    expect(delivery).toContain(`${DELIVERY_DAYS.min}–${DELIVERY_DAYS.max} business days`);
    expect(delivery).toContain(`₹${DELIVERY_FEE}`);
    fireEvent.click(
      screen.getByRole('button', { name: 'What is your return and exchange policy?' }),
    );
    const returns = screen.getByRole('region', {
      name: 'What is your return and exchange policy?',
    }).textContent;
    expect(returns).toContain(`within ${RETURN_WINDOW_DAYS} days of delivery`);
    expect(returns).toContain(`${REFUND_DAYS.min}–${REFUND_DAYS.max} business days`);
  });
});
