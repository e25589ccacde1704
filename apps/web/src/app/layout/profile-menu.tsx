import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { UserIcon } from '@/components/ui/icons';
import { endSession } from '@/lib/account-session';
import { ME_KEY, getMe } from '@/lib/me';
import { useQuery } from '@/lib/query';
import { useToken } from '@/lib/session';

type Item = { kind: 'link'; to: string; label: string } | { kind: 'logout'; label: string };

const ITEMS: readonly Item[] = [
  { kind: 'link', to: '/profile', label: 'My Profile' },
  { kind: 'link', to: '/orders', label: 'Orders' },
  // The way to the wishlist (docs/decisions/134-wishlist-screens.md).
  { kind: 'link', to: '/wishlist', label: 'Wishlist' },
];
const LOGOUT: Item = { kind: 'logout', label: 'Logout' };
/** Only the shop's owner (GET /api/user/me's role) is shown the way to the admin screens. */
const ADMIN: Item = { kind: 'link', to: '/admin', label: 'Admin' };

/** Time to move the mouse from the icon into the menu before it closes. */
const HOVER_CLOSE_MS = 180;

/**
 * The header's profile icon (docs/product.md §2): a link to /login when logged out; when logged in, a menu
 * greeting the shopper by first name, with My Profile, Orders, Wishlist (Admin for the owner) and Logout that opens on hover with a mouse, on tap, and from the
 * keyboard (Enter, Space or ↓ open it; ↑/↓/Home/End move; Escape closes and returns focus).
 */
export function ProfileMenu({ buttonClassName }: { buttonClassName: string }) {
  const token = useToken();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [lastPath, setLastPath] = useState(pathname);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLElement | null)[]>([]);
  const closeTimer = useRef<number | undefined>(undefined);
  const openedByHover = useRef(false);
  const menuId = useId();
  // Who is signed in, read when the menu first opens (not with every page): the greeting and,
  // for the owner, the Admin item. Until it answers the menu shows the items every account has.
  const me = useQuery(ME_KEY, getMe, { enabled: open, reloadOnMount: false });
  const user = me.data?.user;
  const shown = [...ITEMS, ...(user?.role === 'admin' ? [ADMIN] : []), LOGOUT];

  // Any navigation closes the menu.
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  if (!token) {
    return (
      <Link to="/login" className={buttonClassName} aria-label="Account: log in">
        <UserIcon />
      </Link>
    );
  }

  const focusItem = (index: number) => {
    const list = items.current.filter(Boolean) as HTMLElement[];
    list[(index + list.length) % list.length]?.focus();
  };

  const openMenu = (focus?: 'first' | 'last') => {
    window.clearTimeout(closeTimer.current);
    setOpen(true);
    if (focus) requestAnimationFrame(() => focusItem(focus === 'first' ? 0 : -1));
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    openedByHover.current = false;
    if (returnFocus) button.current?.focus();
  };

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    if (!open) openedByHover.current = true;
    openMenu();
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setOpen(false), HOVER_CLOSE_MS);
  };

  const onButtonClick = (event: MouseEvent) => {
    // Enter or Space (a click with no pointer): open and move into the menu, as menu buttons do.
    if (event.detail === 0 && !open) {
      openMenu('first');
      return;
    }
    // A click after the mouse already opened it keeps it open instead of closing it under the pointer.
    if (open && openedByHover.current) {
      openedByHover.current = false;
      return;
    }
    if (open) close(false);
    else openMenu();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openMenu('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu('last');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = items.current.filter(Boolean) as HTMLElement[];
    const current = list.indexOf(document.activeElement as HTMLElement);
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusItem(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusItem(current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusItem(0);
        break;
      case 'End':
        event.preventDefault();
        focusItem(-1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  const logout = () => {
    close(false);
    endSession();
    navigate('/login');
  };

  // A focused item keeps the shop's 2 px ring, drawn inside so the menu's edge does not cut it
  // (docs/decisions/140-inline-form-errors.md).
  const itemClass =
    'block w-full px-4 py-2.5 text-left text-sm text-muted transition-colors hover:bg-line/60 hover:text-ink focus:bg-line/60 focus:text-ink focus-visible:-outline-offset-2';

  return (
    <div
      ref={wrapper}
      className="relative"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
    >
      <button
        ref={button}
        type="button"
        className={buttonClassName}
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={onButtonClick}
        onKeyDown={onButtonKeyDown}
      >
        <UserIcon />
      </button>
      {open && (
        // pt-2 bridges the gap under the icon, so the pointer can travel into the menu.
        <div className="animate-fade-in absolute top-full right-0 z-40 pt-2">
          <div className="w-48 border border-line bg-paper py-1.5 shadow-lg">
            {user && (
              <p
                data-testid="account-greeting"
                className="truncate border-b border-line px-4 pt-1 pb-2.5 text-sm text-ink"
              >
                Hi, {user.name.split(' ')[0]}
              </p>
            )}
            <ul id={menuId} role="menu" aria-label="Account" onKeyDown={onMenuKeyDown}>
              {shown.map((item, index) => (
                <li key={item.label} role="none">
                  {item.kind === 'link' ? (
                    <Link
                      ref={(el) => {
                        items.current[index] = el;
                      }}
                      to={item.to}
                      role="menuitem"
                      tabIndex={-1}
                      className={itemClass}
                      onClick={() => close(false)}
                    >
                      {item.label}
                    </Link>
                  ) : (
                    <button
                      ref={(el) => {
                        items.current[index] = el;
                      }}
                      type="button"
                      role="menuitem"
                      tabIndex={-1}
                      className={itemClass}
                      onClick={logout}
                    >
                      {item.label}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </div>
  );
}
