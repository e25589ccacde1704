import { Suspense } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { ErrorBoundary, SomethingWentWrong } from '@/components/ui/error-boundary';
import { SHOP_NAME } from '@vastra/shared/constants';
import { TestModeBanner } from '@/components/ui/test-mode-banner';
import { endSession } from '@/lib/account-session';
import { useToken } from '@/lib/session';
import { getOverview } from './api/admin-calls';
import { buttonClass } from '@/components/ui/button';
import { LoadErrorPanel } from '@/components/ui/load-error';
import { ApiError } from '@/lib/api-client';
import { loadErrorMessage, useQuery } from '@/lib/query';
import { OVERVIEW_KEY } from './admin-keys';

const NAV = [
  { to: '/admin', label: 'Overview', end: true },
  { to: '/admin/products', label: 'Products', end: false },
  { to: '/admin/stock', label: 'Low stock', end: false },
  { to: '/admin/orders', label: 'Orders', end: false },
  { to: '/admin/returns', label: 'Returns', end: false },
  { to: '/admin/refunds', label: 'Refunds', end: false },
  { to: '/admin/reviews', label: 'Reviews', end: false },
  { to: '/admin/tax', label: 'GST report', end: false },
  { to: '/admin/delivery', label: 'Delivery', end: false },
  { to: '/admin/coupons', label: 'Coupons', end: false },
  { to: '/admin/home', label: 'Home page', end: false },
  { to: '/admin/videos', label: 'Videos', end: false },
] as const;

function Spinner({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex min-h-[40vh] items-center justify-center">
      <span
        className="h-6 w-6 animate-spin rounded-full border-2 border-line border-t-ink"
        aria-hidden="true"
      />
    </div>
  );
}

/**
 * The admin area's frame: its own top bar (the shop's header and cart mean nothing here), a side
 * navigation on wide screens that becomes a row of tabs on a phone, and the access check. Who may
 * enter is the API's decision: the first admin call answers 403 to a customer, who then sees the
 * staff-only page; without a session the login page is the way in.
 */
export function AdminLayout() {
  const token = useToken();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The overview answers only to staff; the overview page reads the same answer (one request).
  const access = useQuery(OVERVIEW_KEY, getOverview, { enabled: token !== null });

  if (!token) return <Navigate to="/login" replace />;

  const logout = () => {
    endSession();
    navigate('/login');
  };

  let body;
  const { error } = access;
  if (access.data === undefined && error instanceof ApiError && error.status === 403)
    body = <StaffOnly />;
  else if (access.data === undefined && error !== undefined && !access.fetching)
    body = (
      <LoadErrorPanel
        what="the admin area"
        message={loadErrorMessage(error)}
        onRetry={access.refresh}
      />
    );
  else if (access.data === undefined) body = <Spinner label="Checking your access" />;
  else
    body = (
      // A crashed admin screen keeps the frame and its navigation, with a way back to the overview.
      <ErrorBoundary
        resetKey={pathname}
        fallback={<SomethingWentWrong back={{ href: '/admin', label: 'BACK TO THE OVERVIEW' }} />}
      >
        <Suspense fallback={<Spinner label="Loading" />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    );
  const allowed = access.data !== undefined;

  return (
    <div className="flex min-h-screen flex-col bg-paper">
      <a
        href="#admin-main"
        className="sr-only z-50 rounded bg-ink px-4 py-2 text-paper focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {/* The owner must not mistake emulator orders for paid ones either (docs/decisions/094). */}
      <TestModeBanner />
      <header className="on-ink bg-ink text-paper">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Link
            to="/admin"
            className="flex items-baseline gap-2 font-serif text-xl tracking-[0.14em]"
          >
            {SHOP_NAME.toUpperCase()}
            <span className="font-sans text-[11px] tracking-[0.2em] text-paper/70 uppercase">
              Admin
            </span>
          </Link>
          <div className="flex items-center gap-4 text-xs tracking-[0.12em] uppercase">
            <Link to="/" className="hover:underline hover:underline-offset-4">
              View shop
            </Link>
            <button
              type="button"
              onClick={logout}
              className="uppercase hover:underline hover:underline-offset-4"
            >
              Log out
            </button>
          </div>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col lg:flex-row">
        {allowed && (
          <nav
            aria-label="Admin"
            className="border-b border-line bg-white/60 lg:w-56 lg:shrink-0 lg:border-r lg:border-b-0 lg:bg-transparent lg:py-8"
          >
            {/* Below 1024 px the tabs wrap onto a second row rather than hide past the edge. */}
            <ul className="flex flex-wrap px-1 sm:px-2 lg:flex-col lg:flex-nowrap lg:gap-1 lg:px-4">
              {NAV.map((item) => (
                <li key={item.to} className="shrink-0">
                  <NavLink
                    to={item.to}
                    end={item.end}
                    className={({ isActive }) =>
                      `block border-b-2 px-2 py-3 text-[11px] font-medium tracking-[0.06em] uppercase sm:px-3 sm:text-xs sm:tracking-[0.12em] lg:border-b-0 lg:border-l-2 lg:py-2.5 ${
                        isActive
                          ? 'border-ink text-ink'
                          : 'border-transparent text-muted hover:text-ink'
                      }`
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <main
          id="admin-main"
          tabIndex={-1}
          className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-10 lg:py-8"
        >
          {body}
        </main>
      </div>
    </div>
  );
}

/** What a signed-in customer sees at /admin: a plain explanation, and the way back. */
function StaffOnly() {
  return (
    <section aria-labelledby="staff-only" className="mx-auto max-w-lg py-16 text-center">
      <p className="text-[11px] font-medium tracking-[0.2em] text-muted uppercase">Admin</p>
      <h1 id="staff-only" className="mt-2 font-serif text-2xl sm:text-3xl">
        This area is for the shop’s staff
      </h1>
      <p className="mt-3 text-muted">
        Your account is a shopper’s account, so the shop’s admin pages are not open to it. Your
        orders and profile are where they always are.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClass('secondary')}>
          Back to the shop
        </Link>
        <Link to="/orders" className={buttonClass('secondary')}>
          My orders
        </Link>
      </div>
    </section>
  );
}
