import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ApiError, TRANSPORT_MESSAGES } from './api-client';

/**
 * The storefront's one way to load data (docs/decisions/106): a cache of answers by key, one load
 * per key at a time, cancelled when no screen waits for it any more, network failures retried,
 * and invalidation by key prefix after a change. Small on purpose: it is in the first chunk
 * (docs/decisions/022).
 */

/** `'products'` is short for `['products']`; `['admin', 'products']` is within `['admin']`. */
export type QueryKey = string | readonly unknown[];
export type Loader<T> = (signal: AbortSignal) => Promise<T>;

export interface QueryState<T> {
  /** The last good answer: kept on screen while a reload runs, and after a reload failed. */
  data: T | undefined;
  /** Why the last load failed; cleared by the next success. No data and no error: loading. */
  error: unknown;
  /** A load is under way. */
  fetching: boolean;
}

export interface LoadOptions {
  /** Network failures (never a refusal) are tried again this many times, with back-off. */
  retries?: number;
  /** Called once when a load has failed for good (not when it was cancelled). */
  onError?: (error: unknown) => void;
}

export interface QueryOptions extends LoadOptions {
  /** False: read the cache but load nothing (no session yet). */
  enabled?: boolean;
  /** Reload, keeping the answer on screen, each time a screen opens on it (default true). */
  reloadOnMount?: boolean;
  /** When the key changes (a filter, a page), show the last key's data until the new one is in. */
  keepPreviousData?: boolean;
}

export interface Query<T> extends QueryState<T> {
  /** Loads again, keeping the current data on screen; joins a load already under way. */
  refresh: () => void;
  /** Replaces the data with what a change's answer says (nothing happens before the first load). */
  set: (update: (data: T) => T) => void;
}

interface Entry {
  state: QueryState<unknown>;
  /** No good answer since it was created or invalidated: the next screen to open on it loads. */
  stale: boolean;
  listeners: Set<() => void>;
  /** An answer the page's HTML carried (`adoptQueryData`): the first screen to open on it keeps it. */
  adopted?: boolean;
  promise?: Promise<unknown>;
  controller?: AbortController;
  load?: Loader<unknown>;
  options?: LoadOptions;
}

/** The back-off before the first and the second retry. */
const RETRY_DELAYS_MS = [400, 1200];
const EMPTY: QueryState<never> = { data: undefined, error: undefined, fetching: false };
const entries = new Map<string, Entry>();

const idOf = (key: QueryKey) => JSON.stringify(typeof key === 'string' ? [key] : key);

function entryOf(id: string): Entry {
  let entry = entries.get(id);
  if (!entry) entries.set(id, (entry = { state: EMPTY, stale: true, listeners: new Set() }));
  return entry;
}

function update(entry: Entry, change: Partial<QueryState<unknown>>): void {
  entry.state = { ...entry.state, ...change };
  for (const listener of [...entry.listeners]) listener();
}

const retryable = (error: unknown) => error instanceof ApiError && error.kind === 'network';
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function start(entry: Entry, load: Loader<unknown>, options: LoadOptions = {}): Promise<unknown> {
  if (entry.promise) return entry.promise;
  const controller = new AbortController();
  const { retries = RETRY_DELAYS_MS.length, onError } = options;
  const run = async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await load(controller.signal);
      } catch (error) {
        if (attempt >= retries || controller.signal.aborted || !retryable(error)) throw error;
      }
      await wait(RETRY_DELAYS_MS[attempt] ?? RETRY_DELAYS_MS.at(-1)!);
      if (controller.signal.aborted) throw new ApiError('aborted', 'Request cancelled');
    }
  };
  const promise: Promise<unknown> = run().then(
    (data) => {
      if (entry.promise === promise) {
        settle(entry);
        update(entry, { data, error: undefined, fetching: false });
      }
      return data;
    },
    (error: unknown) => {
      // A cancelled load (or one a newer load replaced) changes nothing on screen.
      if (entry.promise === promise) {
        settle(entry);
        update(entry, { error, fetching: false });
        onError?.(error);
      }
      throw error;
    },
  );
  Object.assign(entry, { promise, controller, load, options });
  update(entry, { fetching: true });
  return promise;
}

function settle(entry: Entry): void {
  entry.promise = entry.controller = undefined;
  entry.stale = false;
}

function cancel(entry: Entry): void {
  if (!entry.promise) return;
  entry.controller?.abort();
  entry.promise = entry.controller = undefined;
  update(entry, { fetching: false });
}

/** Starts a load of `key`, or joins the one under way; resolves with its answer. */
export function fetchQuery<T>(key: QueryKey, load: Loader<T>, options?: LoadOptions): Promise<T> {
  return start(entryOf(idOf(key)), load, options) as Promise<T>;
}

export function getQueryData<T>(key: QueryKey): T | undefined {
  return entries.get(idOf(key))?.state.data as T | undefined;
}

/**
 * Puts an answer the page's HTML carried in the cache (docs/decisions/165): as fresh as one
 * just loaded, so the first screen to open on it draws it without loading it again; a later
 * opening reloads as usual.
 */
export function adoptQueryData<T>(key: QueryKey, data: T): void {
  const entry = entryOf(idOf(key));
  setData(entry, data);
  entry.adopted = true;
}

/** Puts a change's answer in the cache, so every screen showing `key` shows it at once. */
export function setQueryData<T>(key: QueryKey, data: T): void {
  setData(entryOf(idOf(key)), data);
}

function setData(entry: Entry, data: unknown): void {
  entry.stale = false;
  update(entry, { data, error: undefined });
}

function matching(prefix: QueryKey): Entry[] {
  const id = idOf(prefix);
  const within = id.slice(0, -1) + ',';
  return [...entries]
    .filter(([key]) => id === '[]' || key === id || key.startsWith(within))
    .map(([, entry]) => entry);
}

/** Marks the entry stale; the screens showing it (`useQuery`) then load it again. */
function forget(entry: Entry, keepData: boolean): void {
  cancel(entry);
  entry.stale = true;
  entry.adopted = false;
  update(entry, keepData ? {} : EMPTY);
}

const noop = () => undefined;

/**
 * After a change: every answer under `prefix` is out of date. Those on screen reload in place
 * (the old answer stays until the new one is in); the others are forgotten, so no screen opens on
 * an answer known to be wrong.
 */
export function invalidate(prefix: QueryKey): void {
  for (const entry of matching(prefix)) forget(entry, entry.listeners.size > 0);
}

/** Another account (or none): every answer under `prefix` is dropped; screens showing one load afresh. */
export function reset(prefix: QueryKey): void {
  for (const entry of matching(prefix)) forget(entry, false);
}

/** The message to show for a failed load. */
export function loadErrorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : TRANSPORT_MESSAGES.generic;
}

/**
 * Reads `key` from the cache and keeps it loaded while the component is mounted. `load` may be a
 * new function each render; the one of the latest render is used.
 */
export function useQuery<T>(key: QueryKey, load: Loader<T>, options: QueryOptions = {}): Query<T> {
  const id = idOf(key);
  const { enabled = true } = options;
  const latest = useRef({ load, options });
  useEffect(() => {
    latest.current = { load, options };
  });

  const subscribe = useCallback(
    (listener: () => void) => {
      const entry = entryOf(id);
      entry.listeners.add(listener);
      return () => {
        entry.listeners.delete(listener);
        // Deferred: StrictMode and a re-render unsubscribe and subscribe again at once, and a load
        // someone still waits for must go on.
        queueMicrotask(() => {
          if (entry.listeners.size > 0) return;
          cancel(entry);
          // A failure nobody sees any more is not shown to the next screen: it loads afresh.
          if (entry.state.data === undefined) forget(entry, false);
        });
      };
    },
    [id],
  );
  const state = useSyncExternalStore(subscribe, () => entryOf(id).state) as QueryState<T>;

  // Loads when the screen opens on the key (or is enabled), and whenever the entry turns stale
  // (invalidated, reset); a load under way is joined, not repeated.
  const opened = useRef('');
  useEffect(() => {
    const entry = entryOf(id);
    // The entry changed after this render (a logout's reset, an invalidation): the render that
    // change causes decides, with what is true then. Run late, this render's `enabled` may be out
    // of date: a logout would load the account's answers without a token.
    if (entry.state !== state) return;
    const { load, options } = latest.current;
    const opening = opened.current !== id;
    opened.current = enabled ? id : '';
    const adopted = enabled && entry.adopted === true;
    if (adopted) entry.adopted = false;
    const reloads = opening && options.reloadOnMount !== false && !adopted;
    if (enabled && !entry.promise && (entry.stale || reloads))
      void start(entry, load as Loader<unknown>, options).catch(noop);
  }, [id, enabled, state]);
  const [shown, setShown] = useState(state.data);
  if (state.data !== undefined && state.data !== shown) setShown(state.data);
  const data = state.data ?? (options.keepPreviousData ? shown : undefined);

  const refresh = useCallback(() => {
    const { load, options } = latest.current;
    void start(entryOf(id), load as Loader<unknown>, options).catch(noop);
  }, [id]);
  const set = useCallback(
    (change: (data: T) => T) => {
      const entry = entryOf(id);
      if (entry.state.data !== undefined) setData(entry, change(entry.state.data as T));
    },
    [id],
  );
  return { ...state, data, refresh, set };
}
