// The home page's moving sections under the shopper's control (docs/decisions/143-accessibility-checks.md):
// with reduced motion asked for, nothing moves and no clip plays until PLAY; otherwise PAUSE stops
// the clips and the pages.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { openPage } from './support/browser';

const shownSlide = (page: Page) =>
  page
    .locator('[data-testid="video-slide"]:not([aria-hidden="true"])')
    .first()
    .getAttribute('aria-label');
const playing = (page: Page) =>
  page
    .locator('[data-testid="video-slide"] video')
    .evaluateAll((els) => (els as HTMLVideoElement[]).filter((v) => !v.paused).length);

describe('home page motion', () => {
  it('under reduced motion: no clip plays, no page turns, the reviews stay; PLAY starts the clips', async () => {
    const { page } = await openPage('/favicon.svg', { viewport: 'mobile' });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await page.getByTestId('lazy-videos').scrollIntoViewIfNeeded();
    const play = page.getByRole('button', { name: 'Play videos' });
    await play.waitFor();
    const slide = await shownSlide(page);
    await page.waitForTimeout(4000);
    expect(await shownSlide(page)).toBe(slide);
    expect(await playing(page)).toBe(0);
    await play.press('Enter');
    await page.getByRole('button', { name: 'Pause videos' }).waitFor();
    await expect.poll(() => playing(page)).toBe(1);
    await page.waitForTimeout(3500);
    expect(await shownSlide(page)).toBe(slide);

    await page.getByTestId('lazy-reviews').scrollIntoViewIfNeeded();
    await page.getByTestId('review').first().waitFor();
    const first = await page.getByTestId('review').first().innerText();
    expect(await page.getByRole('button', { name: /Pause reviews|Play reviews/ }).count()).toBe(0);
    await page.waitForTimeout(4500);
    expect(await page.getByTestId('review').first().innerText()).toBe(first);
  });

  it('PAUSE stops the clips and the page turning; PLAY starts them again', async () => {
    for (const viewport of ['wide', 'mobile'] as const) {
      const { page } = await openPage('/', { viewport });
      await page.getByTestId('lazy-videos').scrollIntoViewIfNeeded();
      await expect.poll(() => playing(page)).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Pause videos' }).click();
      await page.mouse.move(0, 0);
      await expect.poll(() => playing(page)).toBe(0);
      await page.getByTestId('lazy-reviews').scrollIntoViewIfNeeded();
      await page.getByRole('button', { name: 'Pause reviews' }).waitFor();
      await page.getByTestId('lazy-videos').scrollIntoViewIfNeeded();
      // The screen as the shopper sees it there (a full-page shot would lose the buttons in length).
      await page.getByRole('button', { name: 'Play videos' }).scrollIntoViewIfNeeded();
      await page.screenshot({
        path: path.resolve(
          import.meta.dirname,
          `../../../test-results/screenshots/home-motion-paused-${viewport}.png`,
        ),
      });
      const slide = await shownSlide(page);
      await page.waitForTimeout(3500);
      expect(await shownSlide(page)).toBe(slide);
      await page.getByRole('button', { name: 'Play videos' }).click();
      await expect.poll(() => playing(page)).toBeGreaterThan(0);
    }
  });
});
