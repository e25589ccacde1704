import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser';

const NO_RESPONSE = 'No response from server. Please check your internet connection.';

describe('offline', () => {
  it('says there is no connection even before the toast library was ever loaded', async () => {
    const session = await openPage('/login');
    // Chromium logs every request refused while offline.
    session.allowConsoleError(/ERR_INTERNET_DISCONNECTED/);
    const { page, context } = session;
    await page.getByRole('button', { name: 'SIGN IN' }).waitFor();
    // Nothing has been toasted yet: the library's chunk was never fetched.
    expect(
      await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .some((entry) => /toastify|unstyled/i.test(entry.name)),
      ),
    ).toBe(false);

    await context.setOffline(true);
    await page.getByLabel('Email').fill('offline.shopper@example.com');
    await page.getByLabel('Password').fill('pass-word-123');
    await page.getByRole('button', { name: 'SIGN IN' }).click();

    const notice = page.getByRole('alert').filter({ hasText: NO_RESPONSE });
    await notice.waitFor();
    expect(await page.getByText(NO_RESPONSE, { exact: true }).isVisible()).toBe(true);
    // Dismissable, and the page is still usable.
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });
    // Page errors ('Failed to fetch dynamically imported module') fail the test in afterEach.
  });
});
