import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { REVIEWS_SLIDER } from '@vastra/shared/constants';
import { ReviewsSlider } from './reviews-slider';
import { setViewportWidth } from './test-media';
import { TESTIMONIALS } from './testimonials';

const shown = () =>
  screen.getAllByTestId('review').map((r) => r.querySelector('figcaption span span')?.textContent);
const names = TESTIMONIALS.map((t) => t.name);
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers();
  setViewportWidth(1280);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('<ReviewsSlider>', () => {
  it('has 5 fixed testimonials with a name, a city, a text and 1–5 stars, and a dot for each', () => {
    expect(TESTIMONIALS).toHaveLength(5);
    for (const t of TESTIMONIALS) {
      expect(t.name && t.role && t.text).toBeTruthy();
      expect(t.rating).toBeGreaterThanOrEqual(1);
      expect(t.rating).toBeLessThanOrEqual(5);
    }
    render(<ReviewsSlider />);
    expect(screen.getAllByTestId('review-dot')).toHaveLength(5);
    expect(screen.getAllByRole('img', { name: /^Rated [1-5] out of 5$/ })).toHaveLength(3);
  });

  it.each([
    [360, 1],
    [767, 1],
    [768, 2],
    [1279, 2],
    [1280, 3],
    [1920, 3],
  ])('at %i px shows %i at a time', (width, count) => {
    setViewportWidth(width);
    render(<ReviewsSlider />);
    expect(shown()).toEqual(names.slice(0, count));
  });

  it('moves on one review every 4 s and wraps round', () => {
    render(<ReviewsSlider />);
    expect(shown()).toEqual(names.slice(0, 3));
    tick(REVIEWS_SLIDER.rotateMs - 1);
    expect(shown()[0]).toBe(names[0]);
    tick(1);
    expect(shown()).toEqual(names.slice(1, 4));
    // One tick per move: each move schedules the next after React renders.
    tick(4000);
    tick(4000);
    tick(4000);
    expect(shown()).toEqual([names[4], names[0], names[1]]);
    tick(4000);
    expect(shown()).toEqual(names.slice(0, 3));
  });

  it('after a dot click shows that review first and holds it for 8 s, then carries on every 4 s', () => {
    render(<ReviewsSlider />);
    tick(2000);
    fireEvent.click(screen.getByRole('button', { name: /Show review 4 of 5/ }));
    expect(shown()[0]).toBe(names[3]);
    expect(
      screen.getByRole('button', { name: /Show review 4 of 5/ }).getAttribute('aria-current'),
    ).toBe('true');
    tick(REVIEWS_SLIDER.pauseAfterClickMs - 1);
    expect(shown()[0]).toBe(names[3]);
    tick(1);
    expect(shown()[0]).toBe(names[4]);
    tick(3999);
    expect(shown()[0]).toBe(names[4]);
    tick(1);
    expect(shown()[0]).toBe(names[0]);
  });

  it('stays put while the pointer is over the reviews', () => {
    render(<ReviewsSlider />);
    fireEvent.mouseEnter(screen.getByTestId('reviews-shown'));
    tick(20_000);
    expect(shown()[0]).toBe(names[0]);
    fireEvent.mouseLeave(screen.getByTestId('reviews-shown'));
    tick(4000);
    expect(shown()[0]).toBe(names[1]);
  });

  it('dots are buttons a keyboard reaches and presses', () => {
    render(<ReviewsSlider />);
    const dot = screen.getByRole('button', { name: /Show review 3 of 5/ });
    expect(dot.tagName).toBe('BUTTON');
    dot.focus();
    expect(document.activeElement).toBe(dot);
    // A button's Enter/Space is a click in a browser (checked in Chromium by e2e/home.spec.ts).
    fireEvent.click(dot);
    expect(shown()[0]).toBe(names[2]);
  });

  it('PAUSE stops it until PLAY, which starts the 4 s again (docs/decisions/143)', () => {
    render(<ReviewsSlider />);
    const toggle = screen.getByRole('button', { name: 'Pause reviews' });
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Play reviews' })).toBe(toggle);
    tick(20_000);
    expect(shown()[0]).toBe(names[0]);
    fireEvent.click(toggle);
    expect(toggle.textContent).toContain('Pause');
    tick(REVIEWS_SLIDER.rotateMs);
    expect(shown()[0]).toBe(names[1]);
  });

  it('stays put while keyboard focus is on a dot, and moves on again when it leaves', () => {
    render(<ReviewsSlider />);
    const dot = screen.getByRole('button', { name: /Show review 1 of 5/ });
    // A keyboard user: the key press makes the focus that follows :focus-visible.
    fireEvent.keyDown(document.body, { key: 'Tab' });
    act(() => dot.focus());
    tick(20_000);
    expect(shown()[0]).toBe(names[0]);
    // From dot to dot the slider stays held.
    act(() => screen.getByRole('button', { name: /Show review 2 of 5/ }).focus());
    tick(20_000);
    expect(shown()[0]).toBe(names[0]);
    // Focus on the toggle does not hold it: that is where PLAY is pressed.
    act(() => screen.getByRole('button', { name: 'Pause reviews' }).focus());
    tick(REVIEWS_SLIDER.rotateMs);
    expect(shown()[0]).toBe(names[1]);
  });

  it('never moves by itself for visitors who ask for reduced motion, and has no PAUSE', () => {
    setViewportWidth(1280, { reducedMotion: true });
    render(<ReviewsSlider />);
    tick(60_000);
    expect(shown()[0]).toBe(names[0]);
    expect(screen.queryByTestId('motion-toggle')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Show review 3 of 5/ }));
    tick(60_000);
    expect(shown()[0]).toBe(names[2]);
  });
});
