import type { HomeHero } from '@vastra/shared/schemas/home-hero';
import type { Product } from '@vastra/shared/schemas/product';
import { productPath } from '@vastra/shared/links/product-url';
import { api } from '@/lib/api-client';
import { catalogueKeys } from '@/lib/catalogue-keys';
import { useQuery } from '@/lib/query';

/**
 * What the home page's hero draws (docs/decisions/147-owner-picks-the-home-hero.md): the owner's
 * banner or products, else the newest — the server decides, and its HTML has already preloaded the
 * first picture. Undefined while loading (the hero keeps its frame). Should the call fail, the
 * two newest products the page has anyway stand in, as before the owner could pick; the latest
 * row reports a catalogue failure, so this one stays quiet.
 */
export function useHomeHero(latest: readonly Product[]): HomeHero | undefined {
  const { data, error } = useQuery(catalogueKeys.hero, async (signal) => {
    return (await api.call('home.hero', { signal })).hero;
  });
  if (data !== undefined) return data;
  if (error === undefined || latest.length === 0) return undefined;
  return {
    kind: 'products',
    pictures: latest
      .filter((p) => p.image[0] !== undefined)
      .slice(0, 2)
      .map((p) => ({ src: p.image[0]!, alt: p.name, href: productPath(p) })),
  };
}
