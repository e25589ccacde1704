import type { ApiClient } from '@/lib/api-client';

/**
 * A window of `width` px for matchMedia: answers `(min-width: Npx)` and
 * `(prefers-reduced-motion: reduce)` queries the way a browser of that width would.
 */
export function setViewportWidth(width: number, { reducedMotion = false } = {}): void {
  window.matchMedia = (query: string) => {
    const min = /\(min-width:\s*(\d+)px\)/.exec(query);
    const matches = min
      ? width >= Number(min[1])
      : query.includes('prefers-reduced-motion')
        ? reducedMotion
        : false;
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    } as MediaQueryList;
  };
}

/** An API client whose GET answers with `answer` (or rejects with it when it is an Error). */
export function stubClient(answer: unknown): ApiClient {
  // The answer goes through the caller's guard, as the real client does.
  const get = (async (_path: string, options?: { schema?: unknown }) => {
    if (answer instanceof Error) throw answer;
    const schema = options?.schema as
      { safeParse?: (v: unknown) => { success: boolean; data?: unknown } } | undefined;
    if (!schema?.safeParse) return answer;
    const result = schema.safeParse(answer);
    if (!result.success) throw new Error('invalid answer');
    return result.data;
  }) as ApiClient['get'];
  return {
    get,
    request: get as ApiClient['request'],
    post: get as ApiClient['post'],
    onSessionExpired: () => () => {},
  };
}
