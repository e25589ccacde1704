import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { AdminHomeHero } from '@vastra/shared/schemas/home-hero';
import { ApiError } from '@/lib/api-client';
import { answerCalls, sentTo } from '@/test/api-answers';
import { makeProduct } from '@/test-fixtures';
import { HomeHeroPage } from './home-hero-page';

const notify = vi.hoisted(() => ({ error: vi.fn(), info: vi.fn(), success: vi.fn() }));
vi.mock('@/lib/toast', () => ({ notify }));

const linen = makeProduct({ _id: 'a0000000-0000-4000-8000-000000000001', name: 'Linen Shirt' });
const newest: AdminHomeHero = {
  kind: 'newest',
  products: [],
  banner: null,
  shown: { kind: 'products', pictures: [{ src: '/n.webp', alt: 'Newest', href: '/product/n' }] },
};

/** The API: the setting, the shop's search, and a save that answers the pick (or refuses). */
function serve(refusal?: string) {
  return answerCalls((name) => {
    if (name === 'homeHero.get') return { success: true, hero: newest };
    if (name === 'catalog.query')
      return {
        success: true,
        products: [{ ...linen, description: undefined, image: linen.image.slice(0, 1) }],
        total: 1,
        nextCursor: null,
        facets: { category: [], brand: [], size: [] },
        searchedFor: ['linen'],
      };
    if (name === 'homeHero.save') {
      if (refusal) throw new ApiError('http', refusal, { status: 400, serverMessage: refusal });
      const pick = { _id: linen._id, name: linen.name, image: linen.image[0]!, live: true };
      return {
        success: true,
        message: 'The home page hero is saved',
        hero: {
          kind: 'products',
          products: [pick],
          banner: null,
          shown: { kind: 'products', pictures: [{ src: pick.image, alt: pick.name, href: '/p' }] },
        },
      };
    }
    throw new Error(`unexpected call ${name}`);
  });
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

async function pickLinen() {
  fireEvent.click(await screen.findByRole('radio', { name: /Products I pick/ }));
  fireEvent.change(screen.getByRole('searchbox', { name: 'Find a product' }), {
    target: { value: 'linen' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Pick Linen Shirt' }));
}

describe('<HomeHeroPage> (docs/decisions/147-owner-picks-the-home-hero.md)', () => {
  it('says beside the picks that one is needed, searches the shop, and saves the pick', async () => {
    const server = serve();
    render(
      <MemoryRouter>
        <HomeHeroPage />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('radio', { name: /Products I pick/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save the hero' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Pick one or 2 products');
    expect(sentTo(server, 'homeHero.save')).toEqual([]);

    await pickLinen();
    expect(sentTo(server, 'catalog.query')[0]?.query).toEqual({ q: 'linen', limit: 8 });
    fireEvent.click(screen.getByRole('button', { name: 'Save the hero' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('The home page hero is saved'));
    expect(sentTo(server, 'homeHero.save')[0]?.body).toEqual({
      kind: 'products',
      productIds: [linen._id],
    });
    // The preview shows what the server says the home page now draws.
    expect(screen.getByTestId('hero-preview').textContent).toContain('Linen Shirt');
  });

  it('keeps the server’s refusal by the Save button', async () => {
    serve('A picked product is not in the shop any more: pick another one');
    render(
      <MemoryRouter>
        <HomeHeroPage />
      </MemoryRouter>,
    );
    await pickLinen();
    fireEvent.click(screen.getByRole('button', { name: 'Save the hero' }));
    expect(
      await screen.findByText('A picked product is not in the shop any more: pick another one'),
    ).toBeTruthy();
    expect(notify.success).not.toHaveBeenCalled();
  });
});
