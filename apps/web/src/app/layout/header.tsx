import { lazy, Suspense, useCallback, useRef, useState, type ComponentType } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { SHOP_NAME } from '@vastra/shared/constants';
import { BagIcon, HeartIcon, MenuIcon, SearchIcon } from '@/components/ui/icons';
import { useCartCount } from '@/lib/cart/cart';
import { useToken } from '@/lib/session';
import { useWishlist } from '@/lib/wishlist/use-wishlist';
import { openSearch } from '@/lib/search-store';
import { NAV_LINKS } from './nav-links';
import { ProfileMenu } from './profile-menu';

type MenuProps = { open: boolean; onClose: () => void; onNavigate: () => void };
// Only phones open it, and only on a tap: its code loads then, not with every page
// (docs/decisions/111). Should the chunk fail (the connection dropped), the tap does nothing
// rather than take the shop down.
const MobileMenu = lazy<ComponentType<MenuProps>>(() =>
  import('./mobile-menu').then(
    (m) => ({ default: m.MobileMenu }),
    () => ({ default: () => null }),
  ),
);

// 36 px on a phone: the logo and five icons fit a 360 px screen; 40 px from sm up.
const iconButton =
  'relative inline-flex h-9 w-9 items-center justify-center rounded-full text-ink transition-colors hover:bg-line/70 sm:h-10 sm:w-10';

export function Header() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const count = useCartCount();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    menuButton.current?.focus();
  }, []);
  // A link chosen in the menu: the menu itself moves the focus to the new page.
  const leaveMenu = useCallback(() => setMenuOpen(false), []);

  const onSearch = () => {
    openSearch();
    if (pathname !== '/collection') navigate('/collection');
  };

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-paper/95 backdrop-blur supports-[backdrop-filter]:bg-paper/85">
      <div className="container-shop flex h-16 items-center justify-between gap-4 sm:h-20">
        <Link
          to="/"
          className="font-serif text-xl font-semibold tracking-[0.24em] text-ink sm:text-[1.7rem] sm:tracking-[0.28em]"
          aria-label={`${SHOP_NAME} home`}
        >
          {SHOP_NAME.toUpperCase()}
        </Link>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-8 text-[13px] font-medium tracking-[0.16em]">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  className={({ isActive }) =>
                    `relative py-2 transition-colors after:absolute after:inset-x-0 after:-bottom-0.5 after:h-[1.5px] after:origin-left after:bg-ink after:transition-transform ${
                      isActive
                        ? 'text-ink after:scale-x-100'
                        : 'text-muted hover:text-ink after:scale-x-0'
                    }`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-0.5 sm:gap-1.5">
          <button
            type="button"
            className={iconButton}
            aria-label="Search products"
            onClick={onSearch}
          >
            <SearchIcon />
          </button>
          <ProfileMenu buttonClassName={iconButton} />
          <WishlistLink />
          <Link
            to="/cart"
            className={iconButton}
            aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
          >
            <BagIcon />
            <span data-testid="cart-count" aria-hidden="true" className={countBadge}>
              {count}
            </span>
          </Link>
          <button
            ref={menuButton}
            type="button"
            className={`${iconButton} md:hidden`}
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon />
          </button>
        </div>
      </div>
      {menuOpen && (
        <Suspense fallback={null}>
          <MobileMenu open onClose={closeMenu} onNavigate={leaveMenu} />
        </Suspense>
      )}
    </header>
  );
}

const countBadge =
  'absolute right-0.5 bottom-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-ink px-1 text-[10px] leading-none font-semibold text-paper';

/**
 * The signed-in shopper's way to the wishlist, with how many products are on it
 * (docs/decisions/134-wishlist-screens.md); read once per session, then kept right by every
 * change's answer. A visitor has no wishlist, so no icon.
 */
function WishlistLink() {
  const token = useToken();
  const { items } = useWishlist(token, { reloadOnMount: false });
  if (!token) return null;
  const count = items?.length ?? 0;
  return (
    <Link
      to="/wishlist"
      className={iconButton}
      aria-label={`Wishlist, ${count} ${count === 1 ? 'item' : 'items'}`}
    >
      <HeartIcon />
      {count > 0 && (
        <span data-testid="wishlist-count" aria-hidden="true" className={countBadge}>
          {count}
        </span>
      )}
    </Link>
  );
}
