import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { BRAND_LABELS, type Brand } from '@vastra/shared/constants';
import type { Product } from '@vastra/shared/schemas/product';
import { titleCase } from '@/lib/format';
import { REVIEW_PARAM } from '@/lib/review-link';
import { ReviewsSection } from './reviews-section';
import { useReviewList } from './use-reviews';

/**
 * The description block with its two tabs (docs/product.md §2); arrow keys switch tabs. Reviews
 * shows the real count (docs/decisions/136-product-reviews.md) and opens first when the order
 * page's "Rate & review" sent the shopper here.
 */
export function ProductTabs({ product }: { product: Product }) {
  const [params] = useSearchParams();
  const [forReview] = useState(() => params.has(REVIEW_PARAM));
  const [tab, setTab] = useState<'description' | 'reviews'>(forReview ? 'reviews' : 'description');
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (forReview) section.current?.scrollIntoView({ block: 'start' });
  }, [forReview]);
  const count = useReviewList(product._id).data?.summary.count;
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabs = [
    { id: 'description', label: 'Description' },
    { id: 'reviews', label: count === undefined ? 'Reviews' : `Reviews (${count})` },
  ] as const;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = tab === 'description' ? 1 : 0;
    setTab(tabs[next].id);
    refs.current[next]?.focus();
  };

  return (
    <section ref={section} className="mt-16 scroll-mt-24 sm:mt-20" aria-label="Product details">
      <div
        role="tablist"
        aria-label="Product details"
        className="flex border-b border-line"
        onKeyDown={onKeyDown}
      >
        {tabs.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            id={`${base}-${t.id}-tab`}
            role="tab"
            type="button"
            aria-selected={tab === t.id}
            aria-controls={`${base}-${t.id}-panel`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            className={`-mb-px border-b-2 px-5 py-3 text-sm font-medium ${
              tab === t.id ? 'border-ink text-ink' : 'border-transparent text-muted hover:text-ink'
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${base}-description-panel`}
        aria-labelledby={`${base}-description-tab`}
        hidden={tab !== 'description'}
        className="space-y-4 border-x border-b border-line px-5 py-6 text-sm leading-relaxed text-muted sm:px-8"
      >
        <p>
          Every piece we sell comes straight from the brand or its authorised distributor, checked
          by hand before it is packed. Sizes follow the brand&apos;s own chart; if the fit is not
          right, exchange it for another size.
        </p>
        <dl className="grid max-w-md grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 pt-2 text-ink/80">
          <dt className="text-muted">Brand</dt>
          <dd>{BRAND_LABELS[product.subCategory as Brand] ?? product.subCategory}</dd>
          <dt className="text-muted">Category</dt>
          <dd>{titleCase(product.category)}</dd>
          <dt className="text-muted">Sizes</dt>
          <dd>{product.sizes.join(', ')}</dd>
        </dl>
      </div>
      <div
        role="tabpanel"
        id={`${base}-reviews-panel`}
        aria-labelledby={`${base}-reviews-tab`}
        hidden={tab !== 'reviews'}
        className="border-x border-b border-line px-5 py-6 sm:px-8"
      >
        {tab === 'reviews' && <ReviewsSection productId={product._id} />}
      </div>
    </section>
  );
}
