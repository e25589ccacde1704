import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createApiClient } from '@/lib/api-client';
import {
  PAYMENT_MODE_RETRY,
  paymentModeStore,
  resetPaymentMode,
  TestModeBanner,
} from './test-mode-banner';

/** The real API client, over a fetch that answers like the server (counted). */
function clientAnswering(answer: () => Response | Promise<Response>) {
  const calls: string[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    calls.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
    return answer();
  }) as typeof fetch;
  const client = createApiClient({ baseUrl: 'http://shop.test', getToken: () => null });
  return { client, calls, restore: () => (globalThis.fetch = original) };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let restore = () => {};
afterEach(() => {
  cleanup();
  restore();
  resetPaymentMode();
});

describe('<TestModeBanner>', () => {
  it('says no money moves while the emulator takes payments, asking the server once', async () => {
    const server = clientAnswering(() => json({ success: true, mode: 'emulator' }));
    restore = server.restore;
    const first = render(<TestModeBanner client={server.client} />);
    const banner = await screen.findByRole('complementary', { name: 'Test mode' });
    expect(banner.textContent).toContain('Test mode — no money moves.');
    first.unmount();
    render(<TestModeBanner client={server.client} />);
    expect(screen.getByRole('complementary', { name: 'Test mode' })).toBeTruthy();
    expect(server.calls).toEqual(['/api/payment/mode']);
  });

  it('shows nothing when Razorpay takes payments', async () => {
    const server = clientAnswering(() => json({ success: true, mode: 'razorpay' }));
    restore = server.restore;
    render(<TestModeBanner client={server.client} />);
    // Until the answer has been read and drawn, no banner proves nothing: wait for that first.
    await waitFor(() => expect(paymentModeStore.get()).toBe('razorpay'));
    await act(async () => {});
    expect(server.calls).toEqual(['/api/payment/mode']);
    expect(screen.queryByRole('complementary', { name: 'Test mode' })).toBeNull();
  });

  it('asks again after a failed call, without a remount, until the server answers', async () => {
    let down = true;
    const server = clientAnswering(() =>
      down
        ? json({ success: false, message: 'down' }, 503)
        : json({ success: true, mode: 'emulator' }),
    );
    restore = server.restore;
    render(<TestModeBanner client={server.client} />);
    await waitFor(() => expect(server.calls).toHaveLength(1));
    await act(async () => {});
    expect(screen.queryByRole('complementary', { name: 'Test mode' })).toBeNull();
    down = false;
    // The layouts never remount: the banner must come from the retry alone.
    await screen.findByRole(
      'complementary',
      { name: 'Test mode' },
      { timeout: PAYMENT_MODE_RETRY.firstMs + 2_000 },
    );
    expect(server.calls).toEqual(['/api/payment/mode', '/api/payment/mode']);
  });
});

describe('the payment mode the server wrote into the page', () => {
  it('draws the banner in the first render, before any API answer', async () => {
    const meta = document.createElement('meta');
    meta.name = 'payment-mode';
    meta.content = 'emulator';
    document.head.append(meta);
    try {
      // A fresh module: the store reads the page when the storefront's script starts.
      vi.resetModules();
      const fresh = await import('./test-mode-banner');
      const { client, restore: undo } = clientAnswering(() => new Promise<Response>(() => {}));
      restore = undo;
      render(<fresh.TestModeBanner client={client} />);
      expect(screen.getByTestId('test-mode-banner').textContent).toContain('Test mode');
      fresh.resetPaymentMode();
    } finally {
      meta.remove();
    }
  });
});
