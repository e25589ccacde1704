import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Offline before the first message: the toast library's chunk cannot be fetched.
vi.mock('react-toastify/unstyled', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/unstyled-abc.js');
});

const MESSAGE = 'No response from server. Please check your internet connection.';

async function freshToast() {
  vi.resetModules();
  return import('./toast');
}

/** Lets the rejected import and its handlers run. */
async function settle() {
  for (let i = 0; i < 5; i += 1) await vi.dynamicImportSettled();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('notify when the toast library cannot be loaded', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeEach(() => {
    document.body.innerHTML = '';
    unhandled.length = 0;
    process.on('unhandledRejection', onUnhandled);
  });

  afterEach(() => {
    process.off('unhandledRejection', onUnhandled);
    vi.useRealTimers();
  });

  it('shows the message in a built-in notice, and throws nothing', async () => {
    const { notify } = await freshToast();
    notify.error(MESSAGE);
    await settle();
    const alert = document.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain(MESSAGE);
    expect(unhandled).toEqual([]);
  });

  it('shows info and success as a status, the same error only once', async () => {
    const { notify } = await freshToast();
    notify.error(MESSAGE);
    notify.error(MESSAGE);
    notify.success('Password updated successfully');
    await settle();
    expect(document.querySelectorAll('[role="alert"]')).toHaveLength(1);
    expect(document.querySelector('[role="status"]')?.textContent).toContain(
      'Password updated successfully',
    );
  });

  it('removes the notice after 5 s, or when dismissed', async () => {
    const { notify } = await freshToast();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    notify.error(MESSAGE);
    notify.info('Added to cart');
    await vi.waitFor(() => expect(document.querySelector('[role="alert"]')).not.toBeNull());
    const status = document.querySelector('[role="status"]');
    status?.querySelector('button')?.click();
    expect(document.querySelector('[role="status"]')).toBeNull();
    vi.advanceTimersByTime(4_900);
    expect(document.querySelector('[role="alert"]')).not.toBeNull();
    vi.advanceTimersByTime(200);
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });
});
