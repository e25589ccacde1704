import { createStore, useStore } from './create-store';

/** Spec §4: the search text and whether the search bar is shown are shared app state. */
export interface SearchState {
  text: string;
  visible: boolean;
}

export const searchStore = createStore<SearchState>({ text: '', visible: false });

export const openSearch = () => searchStore.set((s) => (s.visible ? s : { ...s, visible: true }));
export const closeSearch = () => searchStore.set((s) => (s.visible ? { ...s, visible: false } : s));
export const setSearchText = (text: string) => searchStore.set((s) => (s.text === text ? s : { ...s, text }));

export function useSearch(): SearchState {
  return useStore(searchStore);
}
