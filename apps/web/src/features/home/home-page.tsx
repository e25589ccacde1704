import { lazy } from 'react';
import { SHOP_NAME } from '@vastra/shared/constants';
import { CatalogueLoadError } from '@/components/ui/catalogue-load-error';
import { useDocumentMeta } from '@/lib/document-meta';
import { BestSellers } from './best-sellers';
import { Hero } from './hero';
import { LatestCollection } from './latest-collection';
import { LazySection } from './lazy-section';
import { useHomeHero } from './use-home-hero';
import { useLatest } from './use-latest';

// Below the hero and loaded as they come near the screen, so the first chunk does not grow
// (docs/decisions/022, 032).
const VideoCarousel = lazy(() => import('./video-carousel'));
const ReviewsSlider = lazy(() => import('./reviews-slider'));
const Faq = lazy(() => import('./faq'));
const WhyShop = lazy(() => import('./why-shop'));

const HOME_META = {
  title: `${SHOP_NAME} — Shirts, T-shirts and Pants Online in India`,
  description:
    'Original shirts, T-shirts and pants from the brands India loves, with cash on delivery and easy returns.',
} as const;

export function HomePage() {
  // The newest products only, never the whole catalogue (docs/decisions/146).
  const { products, loading, error } = useLatest();
  const hero = useHomeHero(products);
  useDocumentMeta(HOME_META.title, HOME_META.description);
  return (
    <>
      <Hero hero={hero} />
      <LazySection name="videos" minHeight="28rem">
        <VideoCarousel />
      </LazySection>
      {error !== null ? (
        <CatalogueLoadError error={error} className="container-shop mt-16" />
      ) : (
        <>
          <LatestCollection products={products} loading={loading} />
          <BestSellers />
        </>
      )}
      <LazySection name="reviews" minHeight="22rem">
        <ReviewsSlider />
      </LazySection>
      <LazySection name="faq" minHeight="24rem">
        <Faq />
      </LazySection>
      <LazySection name="why" minHeight="18rem">
        <WhyShop />
      </LazySection>
    </>
  );
}
