import { Link } from 'react-router';
import type { Product } from '@vastra/shared/schemas/product';
import { ArrowRightIcon } from '@/components/ui/icons';

/**
 * docs/product.md §1 hero. The pictures are two of the newest products' own photographs, so the banner
 * needs no image of its own and always shows what is really in stock.
 */
export function Hero({ products }: { products: readonly Product[] }) {
  const [first, second] = products;
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
        <div className="grid grid-cols-2 gap-2 p-2 sm:gap-3 sm:p-3" aria-hidden={!first}>
          {[first, second].map((p, i) =>
            p?.image[0] ? (
              <img
                key={p._id}
                src={p.image[0]}
                alt={p.name}
                width={480}
                height={600}
                fetchPriority={i === 0 ? 'high' : 'auto'}
                className={`aspect-[4/5] h-full w-full rounded-sm object-cover ${i === 1 ? 'md:translate-y-8' : ''}`}
              />
            ) : (
              <div
                key={i}
                className={`aspect-[4/5] rounded-sm bg-[#e6dccd] ${i === 1 ? 'md:translate-y-8' : ''}`}
              />
            ),
          )}
        </div>
      </div>
    </section>
  );
}
