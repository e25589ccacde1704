import { describe, expect, it } from 'vitest';
import { closeSearch, openSearch, searchStore } from './search-store';

describe('search bar visibility and focus', () => {
  it('gives keyboard focus back to what opened the bar when the bar closes', () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    openSearch();
    expect(searchStore.get().visible).toBe(true);

    // The bar's input takes focus, then unmounts when the bar closes.
    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    input.remove();
    closeSearch();

    expect(searchStore.get().visible).toBe(false);
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('does not move focus when the bar was already closed', () => {
    const elsewhere = document.createElement('input');
    document.body.append(elsewhere);
    elsewhere.focus();
    closeSearch();
    expect(document.activeElement).toBe(elsewhere);
    elsewhere.remove();
  });
});
