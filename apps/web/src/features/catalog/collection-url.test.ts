import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  apiQueryOf,
  DEFAULT_STATE,
  stateFromParams,
  stateToParams,
  withoutFilters,
  type CollectionState,
} from './collection-url';

const s = (over: Partial<CollectionState>): CollectionState => ({ ...DEFAULT_STATE, ...over });

describe('the collection in the address', () => {
  it.each([
    ['', DEFAULT_STATE],
    ['category=SHIRTS&category=pants', s({ categories: ['SHIRTS', 'PANTS'] })],
    ['brand=snitch,ALLEN%20SOLLY', s({ brands: ['SNITCH', 'ALLEN SOLLY'] })],
    ['size=m&size=32', s({ sizes: ['M', '32'] })],
    ['category=SAREES&brand=NIKE&size=XXXL9', DEFAULT_STATE],
    ['maxPrice=1500&sort=high-low', s({ maxPrice: 1500, sort: 'high-low' })],
    // The name the page used before maxPrice: old links keep working.
    ['price=1500', s({ maxPrice: 1500 })],
    ['maxPrice=1450', s({ maxPrice: 1500 })],
    ['maxPrice=9000', DEFAULT_STATE],
    ['maxPrice=-5&sort=cheapest', DEFAULT_STATE],
    ['maxPrice=0', s({ maxPrice: 0 })],
    ['sort=popular', s({ sort: 'popular' })],
    ['sort=discount', s({ sort: 'discount' })],
    ['q=%20polo%20', s({ q: 'polo' })],
    ['cursor=abc_-1', s({ cursor: 'abc_-1' })],
    ['cursor=not%20one', DEFAULT_STATE],
  ] as const)('?%s', (query, expected) => {
    expect(stateFromParams(new URLSearchParams(query))).toEqual(expected);
  });

  it('cuts a search longer than the server takes', () => {
    expect(stateFromParams(new URLSearchParams(`q=${'a'.repeat(150)}`)).q).toHaveLength(100);
  });

  it('round-trips, leaving defaults out of the address', () => {
    const state = s({
      categories: ['PANTS'],
      brands: ['SPYKAR', 'SNITCH'],
      sizes: ['L'],
      maxPrice: 800,
      q: 'slim fit',
      sort: 'low-high',
    });
    const params = stateToParams(state);
    expect(params.toString()).toBe(
      'category=PANTS&brand=SPYKAR&brand=SNITCH&size=L&maxPrice=800&q=slim+fit&sort=low-high',
    );
    expect(stateFromParams(params)).toEqual(state);
    expect(stateToParams(DEFAULT_STATE).toString()).toBe('');
  });

  it('asks the server for no price limit at the slider’s top (decision 011)', () => {
    expect(apiQueryOf(DEFAULT_STATE).maxPrice).toBeUndefined();
    expect(apiQueryOf(s({ maxPrice: 1900 })).maxPrice).toBe(1900);
    expect(apiQueryOf(s({ categories: ['SHIRTS'], q: 'polo' }), 1)).toEqual({
      category: ['SHIRTS'],
      brand: undefined,
      size: undefined,
      maxPrice: undefined,
      q: 'polo',
      sort: 'relevant',
      cursor: undefined,
      limit: 1,
    });
  });

  it('counts the filters, not the sort or search, and clears only them', () => {
    const state = s({ categories: ['PANTS'], sizes: ['M'], maxPrice: 900, q: 'x', sort: 'new' });
    expect(activeFilterCount(state)).toBe(3);
    expect(withoutFilters(state)).toEqual(s({ q: 'x', sort: 'new' }));
  });
});
