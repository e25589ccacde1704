import { createStore, useStore } from './create-store';

/** docs/product.md §4: the search text and whether the search bar is shown are shared app state. */
export interface SearchState {
  text: string;
  visible: boolean;
}

export const searchStore = createStore<SearchState>({ text: '', visible: false });

// Where keyboard focus was when the bar opened (the header's search button), so that closing the
// bar, which unmounts its input, hands focus back instead of dropping it on <body>.
let focusBeforeOpen: HTMLElement | null = null;

export const openSearch = () => {
  if (!searchStore.get().visible && typeof document !== 'undefined') {
    focusBeforeOpen = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  searchStore.set((s) => (s.visible ? s : { ...s, visible: true }));
};

export const closeSearch = () => {
  const wasOpen = searchStore.get().visible;
  searchStore.set((s) => (s.visible ? { ...s, visible: false } : s));
  if (wasOpen && focusBeforeOpen?.isConnected) focusBeforeOpen.focus();
  focusBeforeOpen = null;
};
export const setSearchText = (text: string) =>
  searchStore.set((s) => (s.text === text ? s : { ...s, text }));

export function useSearch(): SearchState {
  return useStore(searchStore);
}
