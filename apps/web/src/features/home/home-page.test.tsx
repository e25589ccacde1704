import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { answerCalls } from '@/test/api-answers';
import { makeProduct } from '@/test-fixtures';
import { HomePage } from './home-page';

const notify = vi.hoisted(() => ({ error: vi.fn(), info: vi.fn(), success: vi.fn() }));
vi.mock('@/lib/toast', () => ({ notify }));

const latest = Array.from({ length: 14 }, (_, i) =>
  makeProduct({ _id: `n${i}`, name: `New ${i}`, image: [`/n${i}.webp`] }),
);
const best = Array.from({ length: 10 }, (_, i) =>
  makeProduct({ _id: `b${i}`, name: `Best ${i}`, image: [`/b${i}.webp`] }),
);

const newestHero = {
  kind: 'products',
  pictures: latest
    .slice(0, 2)
    .map((p) => ({ src: p.image[0], alt: p.name, href: `/product/${p._id}` })),
};

const heroOf = () => screen.getByRole('region', { name: 'Discover the New 50+ Collections' });
const heroSrcs = () =>
  within(heroOf())
    .getAllByRole('img')
    .map((img) => img.getAttribute('src'));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const headings = (list: HTMLElement) =>
  within(list)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('<HomePage> (docs/decisions/146-screens-ask-for-what-they-show.md)', () => {
  it('asks for the latest 14 and the best sellers only, and shows each row and the hero', async () => {
    const server = answerCalls((name) => {
      if (name === 'catalog.latest') return { success: true, products: latest };
      if (name === 'catalog.bestsellers') return { success: true, products: best };
      if (name === 'catalog.videos') return { success: true, videos: [] };
      if (name === 'home.hero') return { success: true, hero: newestHero };
      throw new Error(`unexpected call ${name}`);
    });
    render(
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>,
    );
    const latestRow = await screen.findByRole('list', { name: 'Latest collections' });
    expect(headings(latestRow)).toEqual(latest.map((p) => p.name));
    const bestRow = await screen.findByRole('list', { name: 'Best sellers' });
    expect(headings(bestRow)).toEqual(best.map((p) => p.name));
    // The hero draws what its call answers (decision 147).
    const hero = screen.getByRole('region', { name: 'Discover the New 50+ Collections' });
    expect(
      within(hero)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual(['/n0.webp', '/n1.webp']);
    const asked = server.mock.calls.map(([name]) => name);
    expect(asked).not.toContain('catalog.list');
    expect(asked.filter((n) => n !== 'catalog.videos').sort()).toEqual([
      'catalog.bestsellers',
      'catalog.latest',
      'home.hero',
    ]);
  });

  it('says so, with a retry, when the latest products cannot be loaded', async () => {
    answerCalls((name) => {
      if (name === 'catalog.bestsellers') return { success: true, products: best };
      return { success: false, message: 'The shop is resting' };
    });
    render(
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>,
    );
    expect(await screen.findByText(/We could not load the collection/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /retry|try again/i })).toBeTruthy();
  });

  it('draws the owner’s banner across the picture side, with its text, and products as links to their pages', async () => {
    answerCalls((name) => {
      if (name === 'home.hero')
        return {
          success: true,
          hero: {
            kind: 'banner',
            pictures: [{ src: '/banner.webp', alt: 'Linen for summer', href: null }],
          },
        };
      if (name === 'catalog.videos') return { success: true, videos: [] };
      return { success: true, products: latest };
    });
    render(
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('img', { name: 'Linen for summer' })).toBeTruthy();
    expect(heroSrcs()).toEqual(['/banner.webp']);
    expect(within(heroOf()).queryByRole('link', { name: 'Linen for summer' })).toBeNull();
    expect(
      within(heroOf())
        .getByRole('link', { name: /Shop Now/ })
        .getAttribute('href'),
    ).toBe('/collection');
  });

  it('keeps the frame while the hero loads, and falls back to the newest when its call fails', async () => {
    answerCalls((name) => {
      if (name === 'home.hero') return { success: false, message: 'Not now' };
      if (name === 'catalog.videos') return { success: true, videos: [] };
      return { success: true, products: latest };
    });
    render(
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('hero-pictures').dataset.kind).toBe('loading');
    expect(within(heroOf()).queryAllByRole('img')).toEqual([]);
    await screen.findByRole('link', { name: 'New 0' });
    expect(heroSrcs()).toEqual(['/n0.webp', '/n1.webp']);
  });
});
