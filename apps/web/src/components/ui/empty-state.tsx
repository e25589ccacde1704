import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from './button';

/**
 * A page with nothing to list (empty cart, no orders, empty checkout): a serif title, a line of
 * text and a way on. `compact` is the smaller heading used inside the checkout frame.
 */
export function EmptyState({
  title,
  text,
  action,
  compact = false,
}: {
  title: string;
  text?: ReactNode;
  /** A link styled as the primary button (e.g. "CONTINUE SHOPPING" to /collection). */
  action?: { to: string; label: ReactNode };
  compact?: boolean;
}) {
  return (
    <section
      className={`flex flex-col items-center py-14 text-center ${compact ? '' : 'sm:py-20'}`}
    >
      <h2 className={`font-serif text-2xl ${compact ? '' : 'sm:text-3xl'}`}>{title}</h2>
      {text && <p className="mt-3 max-w-sm text-muted">{text}</p>}
      {action && (
        <Link to={action.to} className={`mt-8 ${buttonClass('primary', 'md')}`}>
          {action.label}
        </Link>
      )}
    </section>
  );
}

/** A boxed empty list inside a screen (the admin lists): a serif title, a line, optional actions. */
export function EmptyPanel({
  title,
  text,
  children,
}: {
  title: string;
  text?: string;
  children?: ReactNode;
}) {
  return (
    <div className="border border-line bg-white/70 px-6 py-12 text-center">
      <h2 className="font-serif text-xl">{title}</h2>
      {text && <p className="mx-auto mt-2 max-w-sm text-sm text-muted">{text}</p>}
      {children && <div className="mt-5">{children}</div>}
    </div>
  );
}
