import type { ApiClient } from '@/lib/api-client';
import { clientAnswering } from '@/test/api-answers';

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

/** An API client whose every call answers with `answer` (or rejects with it when it is an Error). */
export function stubClient(answer: unknown): ApiClient {
  return clientAnswering(() => {
    if (answer instanceof Error) throw answer;
    return answer;
  });
}
