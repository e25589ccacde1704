import type { HomeHero } from '@vastra/shared/schemas/home-hero';
import { card } from '../ui';

/**
 * What the home page's hero draws now, small: the server's own answer (its fallbacks included),
 * so the owner sees what shoppers see (docs/decisions/147-owner-picks-the-home-hero.md).
 */
export function HeroPreview({ shown }: { shown: HomeHero }) {
  const banner = shown.kind === 'banner' ? shown.pictures[0] : undefined;
  return (
    <section aria-labelledby="hero-preview-title" className={`${card} p-4 sm:p-6`}>
      <h2 id="hero-preview-title" className="font-serif text-xl">
        On the home page now
      </h2>
      <div
        data-testid="hero-preview"
        className="mt-4 grid max-w-sm grid-cols-2 gap-2 bg-[#f1ebe1] p-2"
      >
        {banner ? (
          <img
            src={banner.src}
            alt={banner.alt}
            className="col-span-2 aspect-[8/5] w-full rounded-sm object-cover"
          />
        ) : shown.pictures.length === 0 ? (
          <p className="col-span-2 p-4 text-sm text-muted">
            No product has a picture yet: the hero shows its empty frame.
          </p>
        ) : (
          shown.pictures.map((p) => (
            <figure key={p.src} className="min-w-0">
              <img src={p.src} alt="" className="aspect-[4/5] w-full rounded-sm object-cover" />
              <figcaption className="mt-1 truncate text-xs">{p.alt}</figcaption>
            </figure>
          ))
        )}
      </div>
    </section>
  );
}
