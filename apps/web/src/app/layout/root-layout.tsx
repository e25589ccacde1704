import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary, SomethingWentWrong } from '@/components/ui/error-boundary';
import { Footer } from './footer';
import { Header } from './header';
import { HelpButton } from './help-button';
import { ScrollToTop } from './scroll-to-top';
import { TestModeBanner } from '@/components/ui/test-mode-banner';

function PageFallback() {
  return (
    <div
      role="status"
      aria-label="Loading page"
      className="container-shop flex min-h-[50vh] items-center justify-center"
    >
      <span
        className="h-6 w-6 animate-spin rounded-full border-2 border-line border-t-ink"
        aria-hidden="true"
      />
    </div>
  );
}

export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-ink px-4 py-2 text-paper focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <ScrollToTop />
      <TestModeBanner />
      <Header />
      {/* At least a screen tall, so the footer starts below the first screen and a page whose
          content arrives later does not push it down in view (layout shift, decision 151). */}
      <main id="main" tabIndex={-1} className="min-h-svh flex-1 focus:outline-none">
        {/* A page that crashes, or whose chunk fails to load, keeps the shop's header and footer. */}
        <ErrorBoundary resetKey={pathname} fallback={<SomethingWentWrong />}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      <HelpButton />
    </div>
  );
}
