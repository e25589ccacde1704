import { useEffect, useId, useRef, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog (the order page's questions, the collection's filter sheet on a phone): labelled
 * by its title, takes the focus (its first field), keeps Tab inside, closes on Escape and on the
 * backdrop, and gives the focus back to what had it (the button that opened it). The page behind
 * stops scrolling meanwhile. The same rules as the mobile menu (app/layout/mobile-menu.tsx), in a
 * panel that scrolls on a small screen, rising from the bottom there as a sheet.
 */
export function Modal({
  title,
  onClose,
  children,
  footer,
  busy = false,
  testId,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Kept in view under the scrolling body (the sheet's "Show N products"). */
  footer?: ReactNode;
  /** A call is under way: Escape and the backdrop do not close it. */
  busy?: boolean;
  testId?: string;
}) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const latest = useRef({ onClose, busy });
  useEffect(() => {
    latest.current = { onClose, busy };
  });

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const first = body.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        if (!latest.current.busy) latest.current.onClose();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const head = focusable[0];
      const tail = focusable.at(-1);
      if (!head || !tail) return;
      const inside = panel.current.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === head || !inside)) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && (document.activeElement === tail || !inside)) {
        event.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-4">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-ink/50"
        onClick={() => {
          if (!latest.current.busy) onClose();
        }}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
        className="relative flex max-h-[92vh] w-full flex-col bg-paper text-ink shadow-xl focus:outline-none sm:max-h-[88vh] sm:max-w-lg"
      >
        <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4">
          <h2 id={titleId} className="font-serif text-xl leading-tight">
            {title}
          </h2>
          <button
            type="button"
            onClick={() => {
              if (!busy) onClose();
            }}
            aria-label="Close"
            className="-m-1 p-1 text-2xl leading-none text-muted hover:text-ink"
          >
            ×
          </button>
        </div>
        <div ref={body} className="overflow-y-auto px-5 py-5">
          {children}
        </div>
        {footer && (
          <div className="border-t border-line px-5 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
            {footer}
          </div>
        )}
      </div>
    </div>
  );
}
