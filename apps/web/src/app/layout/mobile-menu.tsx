import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { NavLink } from 'react-router';
import { CONTACT, SHOP_NAME } from '@vastra/shared/constants';
import { CloseIcon } from '@/components/ui/page-icons';
import { NAV_LINKS } from './nav-links';

/**
 * The slide-in menu below the md breakpoint: a modal dialog that takes focus, keeps Tab inside,
 * closes on Escape, on the backdrop and on navigation, and gives focus back to the menu button.
 */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
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
        <nav aria-label="Mobile">
          <ul className="py-2">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  onClick={onClose}
                  className={({ isActive }) =>
                    `block border-l-2 px-5 py-3.5 text-sm font-medium tracking-[0.16em] ${
                      isActive
                        ? 'border-ink bg-line/50 text-ink'
                        : 'border-transparent text-muted hover:text-ink'
                    }`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
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
