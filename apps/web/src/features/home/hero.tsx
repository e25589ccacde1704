import { Link } from 'react-router';
import { PICTURE_SIZES } from '@vastra/shared/pictures/picture-sizes';
import { pictureSrcset } from '@vastra/shared/pictures/picture-widths';
import type { HomeHero, HomeHeroPicture } from '@vastra/shared/schemas/home-hero';
import { ArrowRightIcon } from '@/components/ui/icons';

/** The second picture's stagger; md:pb-11 below leaves room for it inside the frame. */
const STAGGER = 'md:translate-y-8';
const SLOT = 'aspect-[4/5] rounded-sm';

/**
 * docs/product.md §1 hero. The texts are the specification's; the picture side shows what the
 * owner picked — two products' photographs or a banner — or the two newest products
 * (docs/decisions/147-owner-picks-the-home-hero.md). The side is always two 4:5 slots, so the
 * frame has one size while loading and in every mode: no layout shift.
 */
export function Hero({ hero }: { hero: HomeHero | undefined }) {
  const banner = hero?.kind === 'banner' ? hero.pictures[0] : undefined;
  const pictures = banner ? [] : (hero?.pictures ?? []);
  return (
    <section aria-labelledby="hero-title" className="container-shop pt-6 sm:pt-10">
      <div className="grid overflow-hidden rounded-sm border border-line bg-[#f1ebe1] md:grid-cols-2">
        <div className="flex flex-col justify-center px-6 py-12 sm:px-12 sm:py-16 lg:px-16">
          <p className="flex items-center gap-3 text-xs font-semibold tracking-[0.28em] text-accent">
            <span aria-hidden="true" className="h-px w-10 bg-accent" />
            TRENDING NOW
          </p>
          <h1
            id="hero-title"
            className="mt-5 font-serif text-4xl leading-[1.1] text-ink sm:text-5xl lg:text-6xl"
          >
            Discover the New 50+ Collections
          </h1>
          <p className="mt-5 max-w-md text-base leading-relaxed text-muted">
            Authentic brands, honest craftsmanship and timeless fashion — shirts, T-shirts and pants
            made to be worn for years.
          </p>
          <div className="mt-8">
            <Link
              to="/collection"
              className="group inline-flex items-center gap-3 bg-ink px-8 py-3.5 text-sm font-medium tracking-[0.16em] text-paper transition-colors hover:bg-accent-dark"
            >
              Shop Now
              <ArrowRightIcon
                size={18}
                className="transition-transform group-hover:translate-x-1"
              />
            </Link>
          </div>
        </div>
        <div
          data-testid="hero-pictures"
          data-kind={hero?.kind ?? 'loading'}
          className="relative grid grid-cols-2 gap-2 p-2 sm:gap-3 sm:p-3 md:pb-11"
        >
          {[0, 1].map((i) => {
            const picture = pictures[i];
            const stagger = i === 1 ? STAGGER : '';
            return picture ? (
              <ProductPicture
                key={picture.src}
                picture={picture}
                first={i === 0}
                stagger={stagger}
              />
            ) : (
              // A slot to hold the frame's size: empty while loading, under the banner, or in a
              // shop with fewer pictured products.
              <div key={i} aria-hidden="true" className={`${SLOT} bg-[#e6dccd] ${stagger}`} />
            );
          })}
          {banner && (
            <img
              src={banner.src}
              srcSet={pictureSrcset(banner.src)}
              sizes={PICTURE_SIZES.heroBanner}
              alt={banner.alt}
              width={800}
              height={640}
              fetchPriority="high"
              className="absolute inset-2 h-[calc(100%-1rem)] w-[calc(100%-1rem)] rounded-sm object-cover sm:inset-3 sm:h-[calc(100%-1.5rem)] sm:w-[calc(100%-1.5rem)]"
            />
          )}
        </div>
      </div>
    </section>
  );
}

/** A product's first picture, leading to its page (the picture's alt, its name, names the link). */
function ProductPicture({
  picture,
  first,
  stagger,
}: {
  picture: HomeHeroPicture;
  first: boolean;
  stagger: string;
}) {
  const img = (
    <img
      src={picture.src}
      srcSet={pictureSrcset(picture.src)}
      sizes={PICTURE_SIZES.heroProduct}
      alt={picture.alt}
      width={480}
      height={600}
      fetchPriority={first ? 'high' : 'auto'}
      className={`${SLOT} h-full w-full object-cover`}
    />
  );
  if (!picture.href) return <div className={stagger}>{img}</div>;
  return (
    <Link
      to={picture.href}
      className={`block rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink ${stagger}`}
    >
      {img}
    </Link>
  );
}
