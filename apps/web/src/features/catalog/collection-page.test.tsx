import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { ALL_SIZES, BRANDS, CATEGORIES } from '@vastra/shared/constants';
import type { CatalogueAnswer } from '@vastra/shared/schemas/catalogue-query';
import { api, ApiError } from '@/lib/api-client';
import { reset } from '@/lib/query';
import { closeSearch, openSearch, setSearchText } from '@/lib/search-store';
import { makeProduct } from '@/test-fixtures';
import { CollectionPage } from './collection-page';
import { CATALOGUE_QUERY_KEY } from './use-catalogue-pages';

// The page's side of GET /api/products: what it asks for from the address, and how it shows the
// answer. The query itself is tested against the real database (catalogue-query.test.ts) and in
// the browser (e2e/collection-query.spec.ts).

const item = (id: string, name: string) => {
  const { description: _, ...p } = makeProduct({ _id: id, name });
  return { ...p, image: p.image.slice(0, 1) };
};
const facet = (values: readonly string[], count: number) =>
  values.map((value, i) => ({ value, count: i === 0 ? 0 : count }));

function answer(over: Partial<CatalogueAnswer> = {}): CatalogueAnswer {
  return {
    success: true,
    products: [item('a', 'Linen Shirt'), item('b', 'Graphic Tee')],
    total: 2,
    nextCursor: null,
    facets: { category: facet(CATEGORIES, 7), brand: facet(BRANDS, 3), size: facet(ALL_SIZES, 1) },
    searchedFor: [],
    ...over,
  };
}

type Query = Record<string, unknown>;
/** The queries the page sent, and answers by a function of each. */
function serve(answerOf: (query: Query) => CatalogueAnswer = () => answer()) {
  const sent: Query[] = [];
  vi.spyOn(api, 'call').mockImplementation(((name: string, options: { query: Query }) => {
    expect(name).toBe('catalog.query');
    sent.push(options.query);
    return Promise.resolve(answerOf(options.query));
  }) as typeof api.call);
  return sent;
}

function Where() {
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="where">{useLocation().search}</p>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
    </>
  );
}
const back = () => fireEvent.click(screen.getByRole('button', { name: 'Back' }));

function renderAt(path = '/collection') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/collection"
          element={
            <>
              <CollectionPage />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;
const cardNames = () =>
  within(screen.getByRole('list', { name: 'Products' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
const settle = () => act(() => new Promise((r) => setTimeout(r, 0)));

const notify = vi.hoisted(() => ({ error: vi.fn(), info: vi.fn(), success: vi.fn() }));
vi.mock('@/lib/toast', () => ({ notify }));

afterEach(() => {
  cleanup();
  reset(CATALOGUE_QUERY_KEY);
  vi.clearAllMocks();
  vi.restoreAllMocks();
  vi.useRealTimers();
  closeSearch();
  setSearchText('');
});

describe('<CollectionPage>', () => {
  it('shows skeleton cards while the first page loads', () => {
    vi.spyOn(api, 'call').mockReturnValue(new Promise(() => undefined));
    renderAt();
    expect(screen.getByRole('status', { name: 'Loading products' })).toBeTruthy();
    expect(screen.getByTestId('product-count').textContent).toBe('Loading products…');
  });

  it('asks for what the address says, and shows the total, the page and the counts', async () => {
    const sent = serve(() => answer({ total: 30 }));
    renderAt('/collection?category=shirts&brand=SNITCH&size=M&maxPrice=1500&sort=popular&q=polo');
    await screen.findByText('30 products');
    expect(sent[0]).toEqual({
      category: ['SHIRTS'],
      brand: ['SNITCH'],
      size: ['M'],
      maxPrice: 1500,
      q: 'polo',
      sort: 'popular',
      cursor: undefined,
      limit: undefined,
    });
    expect(cardNames()).toEqual(['Linen Shirt', 'Graphic Tee']);
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('popular');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Results for ‘polo’');
    // The counts beside each value; a value with none cannot be ticked.
    expect(screen.getByText('T-Shirts').textContent).toBe('T-Shirts (7)');
    expect((screen.getByLabelText(/^Shirts/) as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByLabelText(/^Pants/) as HTMLInputElement).disabled).toBe(false);
    const firstCategory = screen.getByRole('group', { name: 'Categories' }).querySelector('input');
    // SHIRTS counts 0 here but is chosen, so it stays free to untick.
    expect(firstCategory?.checked).toBe(true);
    expect(firstCategory?.disabled).toBe(false);
    const firstBrand = screen.getByRole('group', { name: 'Brands' }).querySelector('input');
    expect(firstBrand?.value).toBe(BRANDS[0]);
    expect(firstBrand?.disabled).toBe(true);
    // Chips for the applied filters.
    const chips = screen.getByRole('list', { name: 'Applied filters' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Remove filter: Shirts',
      'Remove filter: Snitch',
      'Remove filter: Size M',
      'Remove filter: Up to ₹1,500',
    ]);
    // Headings in order: h1, an sr-only h2, the cards' h3.
    expect(screen.getByRole('heading', { level: 2, name: 'Products' })).toBeTruthy();
  });

  it('a tick pushes the address and asks again; Back restores the filters before it', async () => {
    const sent = serve();
    renderAt('/collection?category=SHIRTS');
    await screen.findByText('2 products');
    fireEvent.click(screen.getByLabelText(/^Pants/));
    expect(where()).toBe('?category=SHIRTS&category=PANTS');
    await settle();
    expect(sent.at(-1)?.category).toEqual(['SHIRTS', 'PANTS']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter: Shirts' }));
    expect(where()).toBe('?category=PANTS');
    await settle();
    expect(sent.at(-1)?.category).toEqual(['PANTS']);

    back();
    expect(where()).toBe('?category=SHIRTS&category=PANTS');
    expect((screen.getByLabelText(/^Shirts/) as HTMLInputElement).checked).toBe(true);
    back();
    expect(where()).toBe('?category=SHIRTS');
    expect((screen.getByLabelText(/^Pants/) as HTMLInputElement).checked).toBe(false);
    await settle();
    expect(sent.at(-1)?.category).toEqual(['SHIRTS']);
  });

  it('"Clear all" drops the filters and keeps the sort', async () => {
    serve();
    renderAt('/collection?brand=SNITCH&size=L&sort=discount');
    await screen.findByText('2 products');
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(where()).toBe('?sort=discount');
    expect(screen.queryByRole('list', { name: 'Applied filters' })).toBeNull();
  });

  it('"Load more" is a link to the next page, appended in place with focus on its first card', async () => {
    const sent = serve((q) =>
      q.cursor === 'NEXT'
        ? answer({ products: [item('c', 'Cargo Pants')], total: 3, nextCursor: null })
        : answer({ total: 3, nextCursor: 'NEXT' }),
    );
    renderAt('/collection?brand=SPYKAR');
    await screen.findByText('Showing 2 of 3');
    const more = screen.getByRole('link', { name: 'LOAD MORE' });
    expect(more.getAttribute('href')).toBe('/collection?brand=SPYKAR&cursor=NEXT');
    fireEvent.click(more);
    await screen.findByText('Showing 3 of 3');
    expect(sent.at(-1)).toMatchObject({ brand: ['SPYKAR'], cursor: 'NEXT' });
    expect(cardNames()).toEqual(['Linen Shirt', 'Graphic Tee', 'Cargo Pants']);
    expect(screen.queryByRole('link', { name: 'LOAD MORE' })).toBeNull();
    expect(document.activeElement?.textContent).toContain('Cargo Pants');
    // The address did not change: a reload shows the first page again with Load more.
    expect(where()).toBe('?brand=SPYKAR');
  });

  it('typing a search writes ?q= once typing pauses, replacing the entry; clearing it pushes', async () => {
    vi.useFakeTimers();
    const sent = serve((q) => answer({ searchedFor: q.q === 'chnio' ? ['chino'] : [] }));
    renderAt('/collection?sort=new');
    act(() => openSearch());
    const box = screen.getByRole('searchbox', { name: 'Search products by name' });
    fireEvent.change(box, { target: { value: 'ch' } });
    await act(() => vi.advanceTimersByTimeAsync(100));
    fireEvent.change(box, { target: { value: 'chnio' } });
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(where()).toBe('?sort=new');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(where()).toBe('?q=chnio&sort=new');
    expect(sent.map((q) => q.q)).toEqual([undefined, 'chnio']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Results for ‘chnio’');
    expect(screen.getByTestId('searched-for').textContent).toBe('Showing results for ‘chino’');

    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(where()).toBe('?sort=new');
    expect((box as HTMLInputElement).value).toBe('');
    // Typing replaced the first entry, so Back from the cleared search is the typed one and
    // Back again leaves the collection's history.
    back();
    expect(where()).toBe('?q=chnio&sort=new');
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('chnio');
  });

  it('opens on a search in the address with the bar shown; closing the bar ends the search', async () => {
    serve();
    renderAt('/collection?q=linen');
    await screen.findByText('2 products');
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('linen');
    fireEvent.click(screen.getByRole('button', { name: 'Close search' }));
    expect(where()).toBe('');
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('All Collections');
  });

  it('says when nothing matches, with a way out', async () => {
    serve(() => answer({ products: [], total: 0 }));
    renderAt('/collection?category=PANTS&q=zzz');
    await screen.findByText('No products match ‘zzz’ with these filters.');
    fireEvent.click(screen.getByRole('button', { name: 'CLEAR FILTERS' }));
    expect(where()).toBe('');
  });

  it('says why when the page could not be loaded, with a retry that asks again', async () => {
    const get = vi
      .spyOn(api, 'call')
      .mockRejectedValueOnce(new ApiError('http', 'No response from server.', { status: 503 }))
      .mockResolvedValue(answer());
    renderAt();
    const alert = await screen.findByRole('alert');
    expect(get).toHaveBeenCalledTimes(1);
    expect(alert.textContent).toContain(
      'We could not load the collection. No response from server.',
    );
    fireEvent.click(within(alert).getByRole('button', { name: 'TRY AGAIN' }));
    await screen.findByText('2 products');
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('the phone sheet asks the server what its draft would show: "Show N products"', async () => {
    const sent = serve((q) =>
      answer({ total: q.limit === 1 ? ((q.category as string[] | undefined)?.length ?? 9) : 2 }),
    );
    renderAt();
    await screen.findByText('2 products');
    const toggle = screen.getByRole('button', { name: /FILTERS/ });
    toggle.focus();
    fireEvent.click(toggle);
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    await within(sheet).findByRole('button', { name: 'Show 9 products' });
    fireEvent.click(within(sheet).getByLabelText(/^Shirts/));
    await within(sheet).findByRole('button', { name: 'Show 1 product' });
    expect(sent.at(-1)).toMatchObject({ category: ['SHIRTS'], limit: 1 });
    expect(where()).toBe('');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Show 1 product' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(where()).toBe('?category=SHIRTS');
    expect(document.activeElement).toBe(toggle);
  });

  it('closing the sheet with Escape leaves the filters as they were', async () => {
    serve();
    renderAt();
    await screen.findByText('2 products');
    const toggle = screen.getByRole('button', { name: /FILTERS/ });
    toggle.focus();
    fireEvent.click(toggle);
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    fireEvent.click(within(sheet).getByLabelText(/^Pants/));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(where()).toBe('');
    expect(document.activeElement).toBe(toggle);
  });
});
