import { lazy, Suspense, useCallback, useRef, useState, type ComponentType } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { SHOP_NAME } from '@vastra/shared/constants';
import { BagIcon, MenuIcon, SearchIcon } from '@/components/ui/icons';
import { useCartCount } from '@/lib/cart/cart';
import { openSearch } from '@/lib/search-store';
import { NAV_LINKS } from './nav-links';
import { ProfileMenu } from './profile-menu';

type MenuProps = { open: boolean; onClose: () => void };
// Only phones open it, and only on a tap: its code loads then, not with every page
// (docs/decisions/111). Should the chunk fail (the connection dropped), the tap does nothing
// rather than take the shop down.
const MobileMenu = lazy<ComponentType<MenuProps>>(() =>
  import('./mobile-menu').then(
    (m) => ({ default: m.MobileMenu }),
    () => ({ default: () => null }),
  ),
);

const iconButton =
  'relative inline-flex h-10 w-10 items-center justify-center rounded-full text-ink transition-colors hover:bg-line/70';

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

  const onSearch = () => {
    openSearch();
    if (pathname !== '/collection') navigate('/collection');
  };

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-paper/95 backdrop-blur supports-[backdrop-filter]:bg-paper/85">
      <div className="container-shop flex h-16 items-center justify-between gap-4 sm:h-20">
        <Link
          to="/"
          className="font-serif text-2xl font-semibold tracking-[0.28em] text-ink sm:text-[1.7rem]"
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
          <Link
            to="/cart"
            className={iconButton}
            aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
          >
            <BagIcon />
            <span
              data-testid="cart-count"
              aria-hidden="true"
              className="absolute right-0.5 bottom-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-ink px-1 text-[10px] leading-none font-semibold text-paper"
            >
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
          <MobileMenu open onClose={closeMenu} />
        </Suspense>
      )}
    </header>
  );
}
