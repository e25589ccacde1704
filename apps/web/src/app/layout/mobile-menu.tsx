import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { NavLink } from 'react-router';
import { CATEGORIES, CONTACT, SHOP_NAME } from '@vastra/shared/constants';
import { CloseIcon } from '@/components/ui/page-icons';
import { titleCase } from '@/lib/format';
import { useToken } from '@/lib/session';
import { NAV_LINKS } from './nav-links';

const CATEGORY_LINKS = CATEGORIES.map((category) => ({
  to: `/collection?category=${encodeURIComponent(category)}`,
  label: titleCase(category),
}));
const ACCOUNT_LINKS = [
  { to: '/orders', label: 'Orders' },
  { to: '/wishlist', label: 'Wishlist' },
];

const linkClass = (isActive: boolean) =>
  `block border-l-2 px-5 py-3 text-sm ${
    isActive ? 'border-ink bg-line/50 text-ink' : 'border-transparent text-muted hover:text-ink'
  }`;

/**
 * The slide-in menu below the md breakpoint: a modal dialog that takes focus, keeps Tab inside,
 * closes on Escape and on the backdrop giving focus back to the menu button. Besides the header's
 * four links it offers the categories and, when signed in, Orders and Wishlist. Choosing a link
 * closes it and moves focus to the new page's content, as the skip link does (`onNavigate`).
 */
export function MobileMenu({
  open,
  onClose,
  onNavigate,
}: {
  open: boolean;
  onClose: () => void;
  onNavigate: () => void;
}) {
  const signedIn = useToken() !== null;
  const leave = (to: string) => {
    onNavigate();
    focusNewPageHeading(to);
  };
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';

    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      const focusable = panel.current.querySelectorAll<HTMLElement>(
        'a[href], button:not([disabled])',
      );
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [open, onClose]);

  if (!open) return null;

  // Portalled to <body>: the header's backdrop blur would otherwise become the containing block
  // of this fixed overlay and squeeze it into the header's height.
  return createPortal(
    <div className="fixed inset-0 z-50 md:hidden">
      <div
        className="animate-fade-in absolute inset-0 bg-ink/40"
        aria-hidden="true"
        onClick={onClose}
      />
      <div
        ref={panel}
        id="mobile-menu"
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        className="animate-slide-in absolute inset-y-0 right-0 flex w-[82%] max-w-xs flex-col bg-paper shadow-xl"
      >
        <div className="flex h-16 items-center justify-between border-b border-line px-5">
          <span className="font-serif text-xl font-semibold tracking-[0.28em]">
            {SHOP_NAME.toUpperCase()}
          </span>
          <button
            ref={closeButton}
            type="button"
            onClick={onClose}
            aria-label="Close menu"
            className="inline-flex h-10 w-10 items-center justify-center rounded-full hover:bg-line/70"
          >
            <CloseIcon />
          </button>
        </div>
        <nav aria-label="Mobile" className="min-h-0 overflow-y-auto">
          <ul className="py-2">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  onClick={() => leave(link.to)}
                  className={({ isActive }) =>
                    `${linkClass(isActive)} font-medium tracking-[0.16em]`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <MenuGroup title="SHOP BY CATEGORY" links={CATEGORY_LINKS} onNavigate={leave} />
          {signedIn && <MenuGroup title="YOUR ACCOUNT" links={ACCOUNT_LINKS} onNavigate={leave} />}
        </nav>
        <div className="mt-auto space-y-1 border-t border-line px-5 py-5 text-sm text-muted">
          <p className="text-xs font-semibold tracking-[0.18em] text-ink">NEED HELP?</p>
          <p>
            <a href={`tel:${CONTACT.phone.replace(/\s+/g, '')}`} className="hover:text-ink">
              {CONTACT.phone}
            </a>
          </p>
          <p>
            <a href={`mailto:${CONTACT.email}`} className="hover:text-ink">
              {CONTACT.email}
            </a>
          </p>
          <p>{CONTACT.hours}</p>
        </div>
      </div>
    </div>,
    document.body,
  );
}

/** How long a page's chunk and data may take before the focus stays on <main>. */
const HEADING_WAIT_MS = 5000;

/**
 * After a link in the menu: focus on <main> at once (as the skip link does, so it never falls to
 * <body> with the closed dialog), then on the new page's main heading once it has rendered — on
 * another page, a heading other than the one shown when the link was chosen. A shopper who moves
 * the focus meanwhile keeps it.
 */
function focusNewPageHeading(to: string) {
  const main = document.getElementById('main');
  if (!main) return;
  const samePage = new URL(to, window.location.href).pathname === window.location.pathname;
  const before = samePage ? null : main.querySelector('h1');
  main.focus();
  const moveToHeading = () => {
    const heading = main.querySelector('h1');
    if (!heading || heading === before) return false;
    if (document.activeElement === main) {
      heading.tabIndex = -1;
      heading.focus();
    }
    return true;
  };
  if (moveToHeading()) return;
  const watcher = new MutationObserver(() => {
    if (moveToHeading()) watcher.disconnect();
  });
  watcher.observe(main, { childList: true, subtree: true });
  window.setTimeout(() => watcher.disconnect(), HEADING_WAIT_MS);
}

function MenuGroup({
  title,
  links,
  onNavigate,
}: {
  title: string;
  links: readonly { to: string; label: string }[];
  onNavigate: (to: string) => void;
}) {
  const id = `menu-group-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <div className="border-t border-line py-2">
      <p id={id} className="px-5 pt-2 pb-1 text-[11px] font-semibold tracking-[0.18em] text-ink">
        {title}
      </p>
      <ul aria-labelledby={id}>
        {links.map((link) => (
          <li key={link.to}>
            {/* Exact match with the query: a category is "current" only on its own filter. */}
            <NavLink
              to={link.to}
              end
              onClick={() => onNavigate(link.to)}
              className={({ isActive }) => linkClass(isActive)}
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
