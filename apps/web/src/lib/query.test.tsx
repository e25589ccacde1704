import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { ApiError, TRANSPORT_MESSAGES } from './api-client';
import {
  fetchQuery,
  getQueryData,
  invalidate,
  reset,
  adoptQueryData,
  setQueryData,
  useQuery,
  type Loader,
  type QueryKey,
  type QueryOptions,
} from './query';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A load the test answers by hand; records each call's signal. */
function controlledLoad<T>() {
  const calls: { signal: AbortSignal; resolve: (v: T) => void; reject: (e: unknown) => void }[] =
    [];
  const load = vi.fn<Loader<T>>(
    (signal) => new Promise<T>((resolve, reject) => calls.push({ signal, resolve, reject })),
  );
  return { load, calls };
}

const offline = () => new ApiError('network', TRANSPORT_MESSAGES.noResponse);
/** Lets settled promises and queued microtasks run, inside act. */
const flush = () => act(async () => await new Promise((r) => setTimeout(r, 0)));

function Show({
  queryKey,
  load,
  options,
}: {
  queryKey: QueryKey;
  load: Loader<string>;
  options?: QueryOptions;
}) {
  const query = useQuery(queryKey, load, options);
  return (
    <div>
      <p data-testid="data">{query.data ?? '-'}</p>
      <p data-testid="error">{query.error === undefined ? '-' : String(query.error)}</p>
      <p data-testid="fetching">{String(query.fetching)}</p>
      <button type="button" onClick={query.refresh}>
        refresh
      </button>
      <button type="button" onClick={() => query.set((d) => `${d}!`)}>
        set
      </button>
    </div>
  );
}
const shown = (id: string) => screen.getByTestId(id).textContent;

describe('useQuery', () => {
  it('loads once for two screens showing one key at the same time, even in StrictMode', async () => {
    const { load, calls } = controlledLoad<string>();
    render(
      <StrictMode>
        <Show queryKey={['a']} load={load} />
        <Show queryKey="a" load={load} />
      </StrictMode>,
    );
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getAllByTestId('fetching').map((e) => e.textContent)).toEqual(['true', 'true']);
    await act(async () => calls[0]!.resolve('shirts'));
    expect(screen.getAllByTestId('data').map((e) => e.textContent)).toEqual(['shirts', 'shirts']);
  });

  it('aborts a load nobody waits for any more (unmount)', async () => {
    const { load, calls } = controlledLoad<string>();
    const view = render(<Show queryKey={['a']} load={load} />);
    await flush();
    expect(calls[0]!.signal.aborted).toBe(false);
    view.unmount();
    await flush();
    expect(calls[0]!.signal.aborted).toBe(true);
  });

  it('a key change aborts the old load and loads the new key', async () => {
    const { load, calls } = controlledLoad<string>();
    const view = render(<Show queryKey={['list', 1]} load={load} />);
    await flush();
    view.rerender(<Show queryKey={['list', 2]} load={load} />);
    await flush();
    expect(calls).toHaveLength(2);
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls[1]!.signal.aborted).toBe(false);
    await act(async () => calls[1]!.resolve('page 2'));
    expect(shown('data')).toBe('page 2');
  });

  it('keepPreviousData shows the last key’s answer until the new one is in', async () => {
    const { load, calls } = controlledLoad<string>();
    const view = render(
      <Show queryKey={['list', 1]} load={load} options={{ keepPreviousData: true }} />,
    );
    await flush();
    await act(async () => calls[0]!.resolve('page 1'));
    view.rerender(<Show queryKey={['list', 2]} load={load} options={{ keepPreviousData: true }} />);
    await flush();
    expect(shown('data')).toBe('page 1');
    expect(shown('fetching')).toBe('true');
    await act(async () => calls[1]!.resolve('page 2'));
    expect(shown('data')).toBe('page 2');
  });

  it('refresh keeps the data on screen while it reloads, and after a failed reload', async () => {
    const { load, calls } = controlledLoad<string>();
    render(<Show queryKey={['a']} load={load} />);
    await flush();
    await act(async () => calls[0]!.resolve('first'));
    act(() => screen.getByRole('button', { name: 'refresh' }).click());
    expect(shown('data')).toBe('first');
    expect(shown('fetching')).toBe('true');
    await act(async () => calls[1]!.reject(new ApiError('http', 'Busy', { status: 503 })));
    expect(shown('data')).toBe('first');
    expect(shown('error')).toBe('ApiError: Busy');
    act(() => screen.getByRole('button', { name: 'refresh' }).click());
    await act(async () => calls[2]!.resolve('second'));
    expect(shown('data')).toBe('second');
    expect(shown('error')).toBe('-');
  });

  it('set replaces the data on every screen, without a load', async () => {
    const { load, calls } = controlledLoad<string>();
    render(
      <>
        <Show queryKey={['a']} load={load} />
        <Show queryKey={['a']} load={load} />
      </>,
    );
    await flush();
    await act(async () => calls[0]!.resolve('coupon'));
    act(() => screen.getAllByRole('button', { name: 'set' })[0]!.click());
    expect(screen.getAllByTestId('data').map((e) => e.textContent)).toEqual(['coupon!', 'coupon!']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('enabled: false loads nothing until enabled', async () => {
    const { load, calls } = controlledLoad<string>();
    const view = render(<Show queryKey={['me']} load={load} options={{ enabled: false }} />);
    await flush();
    expect(load).not.toHaveBeenCalled();
    view.rerender(<Show queryKey={['me']} load={load} options={{ enabled: true }} />);
    await flush();
    await act(async () => calls[0]!.resolve('Asha'));
    expect(shown('data')).toBe('Asha');
  });

  it('a screen opening on a cached answer shows it and reloads, unless reloadOnMount is false', async () => {
    setQueryData(['a'], 'cached');
    setQueryData(['b'], 'kept');
    const { load, calls } = controlledLoad<string>();
    render(<Show queryKey={['a']} load={load} />);
    expect(shown('data')).toBe('cached');
    await flush();
    expect(calls).toHaveLength(1);
    cleanup();
    render(<Show queryKey={['b']} load={load} options={{ reloadOnMount: false }} />);
    await flush();
    expect(shown('data')).toBe('kept');
    expect(calls).toHaveLength(1);
  });

  it('an answer the page carried is drawn by the first screen without a load; a later screen reloads it', async () => {
    adoptQueryData(['collection'], 'carried');
    const { load, calls } = controlledLoad<string>();
    render(<Show queryKey={['collection']} load={load} />);
    expect(shown('data')).toBe('carried');
    await flush();
    expect(calls).toHaveLength(0);
    cleanup();
    render(<Show queryKey={['collection']} load={load} />);
    await flush();
    expect(shown('data')).toBe('carried');
    expect(calls).toHaveLength(1);
  });

  it('invalidate by prefix: a key on screen reloads in place, others are forgotten', async () => {
    setQueryData(['admin', 'products', { page: 2 }], 'page 2');
    setQueryData(['admin', 'orders'], 'orders');
    setQueryData(['adminx'], 'not within');
    const { load, calls } = controlledLoad<string>();
    render(<Show queryKey={['admin', 'products', { page: 1 }]} load={load} />);
    await flush();
    await act(async () => calls[0]!.resolve('page 1'));

    act(() => invalidate(['admin', 'products']));
    await flush();
    expect(shown('data')).toBe('page 1');
    expect(calls).toHaveLength(2);
    expect(getQueryData(['admin', 'products', { page: 2 }])).toBeUndefined();
    expect(getQueryData(['admin', 'orders'])).toBe('orders');
    expect(getQueryData(['adminx'])).toBe('not within');
    await act(async () => calls[1]!.resolve('page 1, changed'));
    expect(shown('data')).toBe('page 1, changed');
  });

  it('reset drops the data on screen too, and loads it afresh', async () => {
    const { load, calls } = controlledLoad<string>();
    render(<Show queryKey={['account', 'orders']} load={load} />);
    await flush();
    await act(async () => calls[0]!.resolve("Asha's orders"));
    act(() => reset('account'));
    expect(shown('data')).toBe('-');
    await flush();
    expect(calls).toHaveLength(2);
  });

  it('a reset right after a render whose effects have not run yet loads only if the next render wants it', async () => {
    // A logout: the token goes and the account's answers are reset in one task, while the last
    // render's effects (from when a token was there) may still be waiting to run. Run late, with
    // that render's `enabled`, they would load without a token: a 401 for nothing.
    let loggedIn = true;
    const { load, calls } = controlledLoad<string>();
    const key = ['account', 'wishlist'];
    // Reads the session when it renders, as `useToken()` does.
    function Wishlist() {
      const query = useQuery(key, load, { enabled: loggedIn });
      return <p data-testid="data">{query.data ?? '-'}</p>;
    }
    render(<Wishlist />);
    await flush();
    await act(async () => calls[0]!.resolve('3 items'));
    // Outside act, as in the browser: a change of the answer re-renders (a microtask later), and
    // that render's effects wait for the next frame.
    setQueryData(key, '4 items');
    await Promise.resolve();
    await Promise.resolve();
    expect(shown('data')).toBe('4 items');
    loggedIn = false;
    reset('account');
    await act(async () => await new Promise((resolve) => setTimeout(resolve, 100)));
    expect(shown('data')).toBe('-');
    expect(calls).toHaveLength(1);
  });

  it('a reset right after a render whose effects have not run yet still loads when the next render wants it', async () => {
    // Another account's login: the answers are reset, and the screen still wants them.
    const { load, calls } = controlledLoad<string>();
    const key = ['account', 'orders'];
    render(<Show queryKey={key} load={load} />);
    await flush();
    await act(async () => calls[0]!.resolve("Asha's orders"));
    setQueryData(key, "Asha's orders, changed");
    await Promise.resolve();
    await Promise.resolve();
    expect(shown('data')).toBe("Asha's orders, changed");
    reset('account');
    await act(async () => await new Promise((resolve) => setTimeout(resolve, 100)));
    expect(calls).toHaveLength(2);
    await act(async () => calls[1]!.resolve("Ravi's orders"));
    expect(shown('data')).toBe("Ravi's orders");
  });
});

describe('fetchQuery', () => {
  it('tries a network failure again twice, with back-off, then gives up with it', async () => {
    vi.useFakeTimers();
    const load = vi.fn<Loader<string>>().mockRejectedValue(offline());
    const onError = vi.fn();
    const result = fetchQuery(['a'], load, { onError });
    result.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(400);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1199);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(3);
    await expect(result).rejects.toMatchObject({ kind: 'network' });
    expect(onError).toHaveBeenCalledOnce();
  });

  it('succeeds on a retry after a network failure', async () => {
    vi.useFakeTimers();
    const load = vi.fn<Loader<string>>().mockRejectedValueOnce(offline()).mockResolvedValue('ok');
    const result = fetchQuery(['a'], load);
    await vi.advanceTimersByTimeAsync(400);
    await expect(result).resolves.toBe('ok');
    expect(getQueryData(['a'])).toBe('ok');
  });

  it('never tries a refusal (4xx) again', async () => {
    const refusal = new ApiError('http', 'No such product', { status: 404 });
    const load = vi.fn<Loader<string>>().mockRejectedValue(refusal);
    await expect(fetchQuery(['a'], load)).rejects.toBe(refusal);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('joins the load under way instead of starting another', async () => {
    const { load, calls } = controlledLoad<string>();
    const first = fetchQuery(['a'], load);
    const second = fetchQuery('a', load);
    calls[0]!.resolve('once');
    await expect(Promise.all([first, second])).resolves.toEqual(['once', 'once']);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
