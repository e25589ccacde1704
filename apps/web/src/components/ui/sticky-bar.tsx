import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

/**
 * A bar fixed to the bottom of a phone's screen (below 640 px) with a price or total and the page's
 * main action, shown while the page's own button (`watch`) is out of view, so one of the two is
 * always in reach and never both (docs/decisions/138-phone-ergonomics.md). Its height is the CSS
 * variable `--sticky-bar-height` (app/styles.css), set while a bar is on the page: it lifts the help
 * button above the bar and pads the page's end so the bar never hides the last content.
 * Portalled to <body>: a transformed or blurred ancestor would become the containing block of a
 * fixed element (as the header's blur did for the mobile menu).
 */
export function StickyBar({
  watch,
  label,
  testId,
  children,
}: {
  watch: RefObject<HTMLElement | null>;
  label: string;
  testId: string;
  children: ReactNode;
}) {
  const away = useOutOfView(watch);
  if (!away) return null;
  return createPortal(
    <div
      role="region"
      aria-label={label}
      data-sticky-bar=""
      data-testid={testId}
      className="fixed inset-x-0 bottom-0 z-20 h-(--sticky-bar-height) border-t border-line bg-paper/95 pb-[env(safe-area-inset-bottom)] shadow-[0_-6px_16px_rgb(28_25_23/0.08)] backdrop-blur sm:hidden"
    >
      <div className="container-shop flex h-full items-center gap-3">{children}</div>
    </div>,
    document.body,
  );
}

/** The bar's height in px (app/styles.css): a button behind the bar is not in view. */
const BAR_HEIGHT_PX = 72;

/** True while `watch` is off the screen (above or below) or hidden behind the bar. */
function useOutOfView(watch: RefObject<HTMLElement | null>): boolean {
  const [away, setAway] = useState(false);
  useEffect(() => {
    const element = watch.current;
    // No observer (jsdom, very old browsers): no bar, the page's own button is still there.
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => setAway(entry ? !entry.isIntersecting : false),
      { rootMargin: `0px 0px -${BAR_HEIGHT_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [watch]);
  return away;
}

/** The bar's figure: a small label over the amount ("TOTAL" over "₹2,597"). */
export function BarFigure({
  label,
  amount,
  testId,
}: {
  label: string;
  amount: string;
  testId: string;
}) {
  return (
    <p className="min-w-0 shrink-0 leading-tight">
      <span className="block text-[10px] font-medium tracking-[0.16em] text-muted uppercase">
        {label}
      </span>
      <span className="text-base font-semibold tabular-nums" data-testid={testId}>
        {amount}
      </span>
    </p>
  );
}

/** The bar's action: the page's own dark button, compact; disabled and aria-disabled as the page's. */
export const BAR_ACTION =
  'ml-auto h-12 min-w-0 bg-ink px-4 text-xs font-medium tracking-[0.14em] text-paper transition-colors hover:bg-accent-dark disabled:cursor-wait disabled:opacity-70 aria-disabled:cursor-not-allowed aria-disabled:bg-muted';
