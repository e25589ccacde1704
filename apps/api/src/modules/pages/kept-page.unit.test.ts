import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKeptPage } from './kept-page';
import type { ShellVersion } from './page-shell';

// A kept page is made again after a catalogue change, a stock change when it shows stock, and
// `maxAgeMs` when it shows what changes unannounced (docs/decisions/165).

const shellVersion = { version: 1, html: '<html></html>' } as ShellVersion;
const shell = { current: () => shellVersion };

function keptWith(options: { stock?: boolean; maxAgeMs?: number }) {
  const listeners = { catalog: [] as (() => void)[], stock: [] as (() => void)[] };
  let made = 0;
  const page = createKeptPage({
    shell,
    catalog: { onInvalidate: (l) => listeners.catalog.push(l), isListening: () => true },
    ...(options.stock ? { stock: { onInvalidate: (l) => listeners.stock.push(l) } } : {}),
    ...(options.maxAgeMs === undefined ? {} : { maxAgeMs: options.maxAgeMs }),
    make: () => Promise.resolve(`<p>page ${++made}</p>`),
  });
  const bodyOf = async () => (await page.page()).raw.toString();
  return { bodyOf, listeners };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a kept page', () => {
  it('is made again after a catalogue change, and after a stock change when it shows stock', async () => {
    const { bodyOf, listeners } = keptWith({ stock: true });
    expect(await bodyOf()).toBe('<p>page 1</p>');
    expect(await bodyOf()).toBe('<p>page 1</p>');
    listeners.catalog.forEach((l) => l());
    expect(await bodyOf()).toBe('<p>page 2</p>');
    listeners.stock.forEach((l) => l());
    expect(await bodyOf()).toBe('<p>page 3</p>');
  });

  it('is made again when `maxAgeMs` old, and kept until then', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { bodyOf } = keptWith({ maxAgeMs: 10_000 });
    expect(await bodyOf()).toBe('<p>page 1</p>');
    vi.advanceTimersByTime(9_999);
    expect(await bodyOf()).toBe('<p>page 1</p>');
    vi.advanceTimersByTime(1);
    expect(await bodyOf()).toBe('<p>page 2</p>');
  });

  it('without `maxAgeMs`, lives until a change while LISTEN is up', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { bodyOf } = keptWith({});
    expect(await bodyOf()).toBe('<p>page 1</p>');
    vi.advanceTimersByTime(24 * 3600_000);
    expect(await bodyOf()).toBe('<p>page 1</p>');
  });
});
