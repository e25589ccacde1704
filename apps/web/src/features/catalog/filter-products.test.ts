import { describe, expect, it } from 'vitest';
import { PRICE_FILTER } from '@vastra/shared/constants';
import {
  DEFAULT_FILTERS,
  filterProducts,
  filtersFromParams,
  filtersToParams,
  type CollectionFilters,
  type FilterableProduct,
  type SearchFilter,
} from './filter-products';

// Newest first, as the shared list keeps it.
const P = (
  name: string,
  price: number,
  category: string,
  subCategory: string,
): FilterableProduct & { id: string } => ({
  id: name,
  name,
  price,
  category,
  subCategory,
});
const catalogue = [
  P('Linen Shirt', 1499, 'SHIRTS', 'ALLEN SOLLY'),
  P('Graphic Tee', 599, 'T-SHIRTS', 'SNITCH'),
  P('Slim Chinos', 1899, 'PANTS', 'SPYKAR'),
  P('Oxford Shirt', 2299, 'SHIRTS', 'TOMMY HILFIGER'),
  P('Polo Tee', 999, 'T-SHIRTS', 'USPOLO-ASSGN'),
  P('Cargo Pants', 999, 'PANTS', 'SNITCH'),
  P('Printed Shirt', 1299, 'shirts', 'rare-rabbit'),
];

const f = (over: Partial<CollectionFilters>): CollectionFilters => ({
  ...DEFAULT_FILTERS,
  ...over,
});
const names = (list: readonly FilterableProduct[]) => list.map((p) => p.name);

const cases: {
  name: string;
  filters: CollectionFilters;
  search?: SearchFilter;
  expected: string[];
}[] = [
  {
    name: 'defaults keep every product, ₹2,000+ too, in list order',
    filters: f({}),
    expected: [
      'Linen Shirt',
      'Graphic Tee',
      'Slim Chinos',
      'Oxford Shirt',
      'Polo Tee',
      'Cargo Pants',
      'Printed Shirt',
    ],
  },
  {
    name: 'one category, matched case-insensitively',
    filters: f({ categories: ['SHIRTS'] }),
    expected: ['Linen Shirt', 'Oxford Shirt', 'Printed Shirt'],
  },
  {
    name: 'two categories are OR-ed',
    filters: f({ categories: ['PANTS', 't-shirts'] }),
    expected: ['Graphic Tee', 'Slim Chinos', 'Polo Tee', 'Cargo Pants'],
  },
  {
    name: 'brand is matched against subCategory, case-insensitively',
    filters: f({ brands: ['RARE-RABBIT'] }),
    expected: ['Printed Shirt'],
  },
  {
    name: 'two brands are OR-ed',
    filters: f({ brands: ['SNITCH', 'SPYKAR'] }),
    expected: ['Graphic Tee', 'Slim Chinos', 'Cargo Pants'],
  },
  {
    name: 'category AND brand',
    filters: f({ categories: ['PANTS'], brands: ['SNITCH'] }),
    expected: ['Cargo Pants'],
  },
  {
    name: 'price is ≤ the slider value (the boundary is included)',
    filters: f({ maxPrice: 999 }),
    expected: ['Graphic Tee', 'Polo Tee', 'Cargo Pants'],
  },
  {
    name: 'price 0 leaves nothing',
    filters: f({ maxPrice: 0 }),
    expected: [],
  },
  {
    name: 'the slider at its top position (₹2,000+) hides nothing, dearer products included',
    filters: f({ maxPrice: PRICE_FILTER.max, categories: ['SHIRTS'] }),
    expected: ['Linen Shirt', 'Oxford Shirt', 'Printed Shirt'],
  },
  {
    name: 'one step below the top, price ≤ value applies again',
    filters: f({ maxPrice: PRICE_FILTER.max - PRICE_FILTER.step, categories: ['SHIRTS'] }),
    expected: ['Linen Shirt', 'Printed Shirt'],
  },
  {
    name: 'low to high is a stable sort (equal prices keep list order)',
    filters: f({ sort: 'low-high' }),
    expected: [
      'Graphic Tee',
      'Polo Tee',
      'Cargo Pants',
      'Printed Shirt',
      'Linen Shirt',
      'Slim Chinos',
      'Oxford Shirt',
    ],
  },
  {
    name: 'high to low',
    filters: f({ sort: 'high-low', maxPrice: 1500 }),
    expected: ['Linen Shirt', 'Printed Shirt', 'Polo Tee', 'Cargo Pants', 'Graphic Tee'],
  },
  {
    name: 'search matches the name case-insensitively while the bar is shown',
    filters: f({}),
    search: { text: '  SHIRT ', visible: true },
    expected: ['Linen Shirt', 'Oxford Shirt', 'Printed Shirt'],
  },
  {
    name: 'search is ignored while the bar is hidden',
    filters: f({}),
    search: { text: 'shirt', visible: false },
    expected: [
      'Linen Shirt',
      'Graphic Tee',
      'Slim Chinos',
      'Oxford Shirt',
      'Polo Tee',
      'Cargo Pants',
      'Printed Shirt',
    ],
  },
  {
    name: 'search combines with filters and sort',
    filters: f({ categories: ['T-SHIRTS', 'PANTS'], sort: 'high-low' }),
    search: { text: 'tee', visible: true },
    expected: ['Polo Tee', 'Graphic Tee'],
  },
  {
    name: 'a search that matches nothing gives an empty list',
    filters: f({}),
    search: { text: 'saree', visible: true },
    expected: [],
  },
];

describe('filterProducts', () => {
  it.each(cases)('$name', ({ filters, search, expected }) => {
    expect(names(filterProducts(catalogue, filters, search))).toEqual(expected);
  });

  it('does not reorder or change the list it is given', () => {
    const copy = [...catalogue];
    filterProducts(catalogue, f({ sort: 'low-high' }));
    expect(catalogue).toEqual(copy);
  });
});

describe('filters in the address', () => {
  it.each([
    ['', DEFAULT_FILTERS],
    ['category=SHIRTS&category=pants', f({ categories: ['SHIRTS', 'PANTS'] })],
    ['brand=snitch&brand=ALLEN%20SOLLY', f({ brands: ['SNITCH', 'ALLEN SOLLY'] })],
    ['category=SAREES&brand=NIKE', DEFAULT_FILTERS],
    ['price=1500&sort=high-low', f({ maxPrice: 1500, sort: 'high-low' })],
    ['price=1450', f({ maxPrice: 1500 })],
    ['price=9000', DEFAULT_FILTERS],
    ['price=-5', DEFAULT_FILTERS],
    ['price=abc&sort=cheapest', DEFAULT_FILTERS],
    ['price=0', f({ maxPrice: 0 })],
  ] as const)('?%s', (query, expected) => {
    expect(filtersFromParams(new URLSearchParams(query))).toEqual(expected);
  });

  it('round-trips, leaving defaults out of the address', () => {
    const filters = f({
      categories: ['PANTS'],
      brands: ['SPYKAR', 'SNITCH'],
      maxPrice: 800,
      sort: 'low-high',
    });
    const params = filtersToParams(filters);
    expect(params.toString()).toBe(
      'category=PANTS&brand=SPYKAR&brand=SNITCH&price=800&sort=low-high',
    );
    expect(filtersFromParams(params)).toEqual(filters);
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe('');
  });
});
