import { useLayoutEffect, useState } from 'react';
import { REVIEWS_SLIDER } from '@vastra/shared/constants';
import { SectionTitle } from '@/components/ui/section-title';
import { Stars } from '@/components/ui/stars';
import { TESTIMONIALS, type Testimonial } from './testimonials';
import { MotionToggle, useMotionControl } from './motion-control';
import { useMediaQuery } from './use-media-query';

/** docs/product.md §9: 1, 2 or 3 reviews visible below 768 px, below 1280 px, or wider. */
function useVisibleCount(): number {
  const two = useMediaQuery(`(min-width: ${REVIEWS_SLIDER.twoUpMinWidth}px)`);
  const three = useMediaQuery(`(min-width: ${REVIEWS_SLIDER.threeUpMinWidth}px)`);
  return three ? 3 : two ? 2 : 1;
}

/**
 * The customer-reviews slider (docs/product.md §4): moves on one review every 4 s and wraps; a dot shows that
 * review first and holds it for 8 s before moving on again; nothing moves while the pointer is over
 * the reviews, while keyboard focus is on a dot, or after PAUSE (docs/decisions/143). Visitors who
 * ask for reduced motion get no automatic movement, only the dots (and no PAUSE: nothing moves).
 */
export function ReviewsSlider({
  testimonials = TESTIMONIALS,
}: {
  testimonials?: readonly Testimonial[];
}) {
  const visible = Math.min(useVisibleCount(), testimonials.length);
  const motion = useMotionControl();
  const [index, setIndex] = useState(0);
  // Each dot press is a new hold (a counter, so pressing the same dot again restarts the 8 s).
  const [hold, setHold] = useState(0);
  const count = testimonials.length;

  // Armed as the review is drawn, not after the next frame (where Preact runs useEffect): the 4 s
  // and 8 s count from what the shopper sees (docs/decisions/137-preact-storefront.md).
  useLayoutEffect(() => {
    if (!motion.advancing || count < 2) return;
    const timer = setTimeout(
      () => {
        setHold(0);
        setIndex((i) => (i + 1) % count);
      },
      hold > 0 ? REVIEWS_SLIDER.pauseAfterClickMs : REVIEWS_SLIDER.rotateMs,
    );
    return () => clearTimeout(timer);
    // `index` restarts the countdown after every move, by timer or by dot.
  }, [index, motion.advancing, hold, count]);

  const shown = Array.from({ length: visible }, (_, k) => testimonials[(index + k) % count]).filter(
    (t): t is Testimonial => t !== undefined,
  );

  return (
    <section aria-labelledby="reviews-title" className="container-shop mt-16 sm:mt-24">
      <SectionTitle id="reviews-title" light="Customer" bold="Reviews">
        What shoppers across India say about their Vastra orders.
      </SectionTitle>
      <div role="region" aria-roledescription="carousel" aria-label="Customer reviews">
        <ul
          key={index}
          className="grid animate-fade-in gap-4 sm:gap-6"
          style={{ gridTemplateColumns: `repeat(${visible}, minmax(0, 1fr))` }}
          {...motion.hoverProps}
          aria-label="Reviews shown"
          data-testid="reviews-shown"
        >
          {shown.map((t) => (
            <li key={t.id} data-testid="review">
              <figure className="flex h-full flex-col rounded-sm border border-line bg-white/70 p-6 sm:p-7">
                <Stars stars={t.rating} outOf={5} />
                <blockquote className="mt-4 flex-1 leading-relaxed text-ink/90">
                  <p>“{t.text}”</p>
                </blockquote>
                <figcaption className="mt-5 flex items-center gap-3 border-t border-line pt-4">
                  <span
                    aria-hidden="true"
                    className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-ink font-serif text-paper"
                  >
                    {t.name.charAt(0)}
                  </span>
                  <span>
                    <span className="block text-sm font-semibold">{t.name}</span>
                    <span className="block text-xs text-muted">{t.role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <div className="mt-6 flex flex-wrap items-center justify-center gap-x-3 gap-y-2">
          {!motion.reducedMotion && count > 1 && (
            <MotionToggle stopped={motion.stopped} onToggle={motion.toggle} what="reviews" />
          )}
          <div
            className="flex justify-center gap-1"
            role="group"
            aria-label="Choose a review"
            {...motion.focusProps}
          >
            {testimonials.map((t, i) => (
              <button
                key={t.id}
                type="button"
                aria-label={`Show review ${i + 1} of ${count}, by ${t.name}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => {
                  setIndex(i);
                  setHold((h) => h + 1);
                }}
                className="flex h-7 w-7 items-center justify-center rounded-full"
                data-testid="review-dot"
              >
                <span
                  aria-hidden="true"
                  className={`block h-2 rounded-full transition-all ${i === index ? 'w-5 bg-ink' : 'w-2 bg-[#d2c9bc] hover:bg-muted'}`}
                />
              </button>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}

export default ReviewsSlider;
